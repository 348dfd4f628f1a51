package npapi

import "strings"

// This file defines the names of the table's enums, as the generated docs/api-coverage.md shows
// them, and PublicName, the public name of a NumPy function spelled through its internal modules.

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
	"butter", "signal convolve", "rotate", "affine_transform", "distance_transform_edt", "filtfilt", "hilbert",
	"split (fixed axis)", "array_split", "rollaxis", "rot90", "choose", "lexsort", "ravel_multi_index",
	"tri indices", "vander", "tri", "ediff1d", "trapz", "nan cumulative", "union1d (bounded)",
	"intersect1d (bounded)", "asfarray"}

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

// internalModules are NumPy's modules under numpy.core (numpy._core in NumPy 2) whose functions
// NumPy exports at the top level as the same objects: numpy.core.numeric.asarray is
// numpy.asarray.
var internalModules = map[string]bool{"numeric": true, "fromnumeric": true, "multiarray": true,
	"umath": true, "numerictypes": true, "shape_base": true, "function_base": true,
	"einsumfunc": true, "_multiarray_umath": true, "_asarray": true}

// PublicName maps NumPy's internal spelling of a function ("core.numeric.asarray",
// "_core.umath.sqrt", "core.add.reduce") to its public API name ("asarray", "sqrt",
// "add.reduce"); other names are returned unchanged. The modules themselves ("core",
// "core.numeric") keep their names.
func PublicName(api string) string {
	rest, ok := strings.CutPrefix(api, "core.")
	if !ok {
		rest, ok = strings.CutPrefix(api, "_core.")
	}
	if !ok {
		return api
	}
	if mod, name, ok := strings.Cut(rest, "."); ok && internalModules[mod] {
		return name
	}
	if internalModules[rest] {
		return api // the module itself
	}
	return rest
}
