package npapi

// This file defines the names of the table's enums, as the generated docs/api-coverage.md shows
// them.

var kindNames = [...]string{"other", "constructor", "like", "range", "random", "convert", "ufunc",
	"reduction", "index", "scatter", "gather", "view", "join", "product", "rng factory"}

// String returns the kind's name, e.g. "ufunc".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

var shapeRuleNames = [...]string{"", "same", "broadcast", "sort", "cumulative", "reduce", "quantile",
	"scalar", "matrix scalar", "of argument", "pad", "diff", "outer", "einsum", "svd", "qr", "eigh",
	"eigvalsh", "pinv", "fft", "rfft", "irfft", "fftn", "rfftn", "irfftn", "fftfreq", "rfftfreq",
	"gradient", "cov", "diag", "meshgrid", "join", "tile", "repeat", "unique (bounded)", "convolve",
	"tri", "flat", "take", "swapaxes", "moveaxis", "squeeze", "expand_dims",
	"broadcast_to", "atleast", "diagonal", "append", "kron", "tensordot", "select (bounded)",
	"no array", "split", "broadcast_arrays", "imag", "indices", "unravel_index", "delete", "conj", "matmul", "dot",
	"shape argument", "eye", "like", "arange", "linspace", "random size", "reshape", "ravel", "transpose",
	"bincount (unbounded)", "polyval", "polyval (x, c)", "ndarray", "setdiff1d (bounded)", "cross",
	"as_strided", "insert", "block", "multi_dot", "ufunc.reduce", "roots (bounded)", "eigvals",
	"filter", "filter sum", "binary morphology", "zoom", "shift", "convolve2d", "map_coordinates",
	"label", "binary structure", "lstsq", "lfilter", "sosfilt", "savgol_filter", "window", "get_window",
	"butter"}

// One name per shape rule: the index is 0 only when the lengths agree.
var _ = [1]struct{}{}[len(shapeRuleNames)-int(numShapeRules)]

// String returns the rule's name, e.g. "pad"; "" for ShapeNone.
func (r ShapeRule) String() string {
	if int(r) < len(shapeRuleNames) {
		return shapeRuleNames[r]
	}
	return "?"
}

var dtypeRuleNames = [...]string{"input", "promote", "bool", "int64", "float", "float64", "complex",
	"real", "fixed", "sum", "fill value", "by the values"}

// String returns the rule's name, e.g. "float" (integers become the default float).
func (r DTypeRule) String() string {
	if int(r) < len(dtypeRuleNames) {
		return dtypeRuleNames[r]
	}
	return "?"
}

var effectNames = [...]string{"allocates", "view", "in place"}

// String returns "allocates", "view" or "in place".
func (e Effect) String() string {
	if int(e) < len(effectNames) {
		return effectNames[e]
	}
	return "?"
}
