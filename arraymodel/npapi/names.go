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

// shapeRuleNames holds one name per shape rule (TestShapeRuleNames checks that none is missing).
var shapeRuleNames = map[ShapeRule]string{
	ShapeSame:            "same",
	ShapeBroadcast:       "broadcast",
	ShapeSort:            "sort",
	ShapeCum:             "cumulative",
	ShapeReduce:          "reduce",
	ShapeQuantile:        "quantile",
	ShapeScalar:          "scalar",
	ShapeMatrixScalar:    "matrix scalar",
	ShapeOfArg:           "of argument",
	ShapePad:             "pad",
	ShapeDiff:            "diff",
	ShapeOuter:           "outer",
	ShapeEinsum:          "einsum",
	ShapeSVD:             "svd",
	ShapeQR:              "qr",
	ShapeEigh:            "eigh",
	ShapeEigvalsh:        "eigvalsh",
	ShapePinv:            "pinv",
	ShapeFFT:             "fft",
	ShapeRFFT:            "rfft",
	ShapeIRFFT:           "irfft",
	ShapeFFTN:            "fftn",
	ShapeRFFTN:           "rfftn",
	ShapeIRFFTN:          "irfftn",
	ShapeFFTFreq:         "fftfreq",
	ShapeRFFTFreq:        "rfftfreq",
	ShapeGradient:        "gradient",
	ShapeCov:             "cov",
	ShapeDiag:            "diag",
	ShapeMeshgrid:        "meshgrid",
	ShapeJoin:            "join",
	ShapeTile:            "tile",
	ShapeRepeat:          "repeat",
	ShapeUnique:          "unique (bounded)",
	ShapeConvolve:        "convolve",
	ShapeTri:             "tri",
	ShapeFlatBool:        "flat",
	ShapeTake:            "take",
	ShapeSwapaxes:        "swapaxes",
	ShapeMoveaxis:        "moveaxis",
	ShapeSqueeze:         "squeeze",
	ShapeExpandDims:      "expand_dims",
	ShapeBroadcastTo:     "broadcast_to",
	ShapeAtleast:         "atleast",
	ShapeDiagonal:        "diagonal",
	ShapeAppend:          "append",
	ShapeKron:            "kron",
	ShapeTensordot:       "tensordot",
	ShapeSelect:          "select (bounded)",
	ShapeNoArray:         "no array",
	ShapeSplit:           "split",
	ShapeBroadcastArrays: "broadcast_arrays",
	ShapeImag:            "imag",
	ShapeIndices:         "indices",
	ShapeUnravel:         "unravel_index",
	ShapeDelete:          "delete",
	ShapeConj:            "conj",
	ShapeMatmul:          "matmul",
	ShapeDot:             "dot",
	ShapeFromArg:         "shape argument",
	ShapeEye:             "eye",
	ShapeLike:            "like",
	ShapeArange:          "arange",
	ShapeLinspace:        "linspace",
	ShapeRandom:          "random size",
	ShapeReshape:         "reshape",
	ShapeRavel:           "ravel",
	ShapeTranspose:       "transpose",
	ShapeBincount:        "bincount (unbounded)",
	ShapePolyval:         "polyval",
	ShapePolyvalC:        "polyval (x, c)",
	ShapeNDArray:         "ndarray",
	ShapeSetdiff:         "setdiff1d (bounded)",
	ShapeCross:           "cross",
	ShapeAsStrided:       "as_strided",
	ShapeInsert:          "insert",
	ShapeBlock:           "block",
	ShapeMultiDot:        "multi_dot",
	ShapeUfuncReduce:     "ufunc.reduce",
	ShapeRoots:           "roots (bounded)",
	ShapeEigvals:         "eigvals",
	ShapeFilter:          "filter",
	ShapeFilterSum:       "filter sum",
	ShapeMorph:           "binary morphology",
	ShapeZoom:            "zoom",
	ShapeShift:           "shift",
	ShapeConv2D:          "convolve2d",
	ShapeMapCoords:       "map_coordinates",
	ShapeLabel:           "label",
	ShapeBinStruct:       "binary structure",
	ShapeLstsq:           "lstsq",
	ShapeLfilter:         "lfilter",
	ShapeSosfilt:         "sosfilt",
	ShapeSavgol:          "savgol_filter",
	ShapeWindow:          "window",
	ShapeGetWindow:       "get_window",
	ShapeButter:          "butter",
	ShapeSigConv:         "signal convolve",
	ShapeRotate:          "rotate",
	ShapeAffine:          "affine_transform",
	ShapeEDT:             "distance_transform_edt",
	ShapeFiltfilt:        "filtfilt",
	ShapeHilbert:         "hilbert",
	ShapeOdeint:          "odeint",
	ShapeSciEigvals:      "scipy eigvals",
	ShapeSpdiags:         "spdiags",
	ShapeSpDiags:         "sparse diags",
	ShapeSpEye:           "sparse eye",
	ShapeSpFormat:        "sparse format",
	ShapeSpsolve:         "spsolve",
	ShapeSplitAxis:       "split (fixed axis)",
	ShapeArraySplit:      "array_split",
	ShapeRollaxis:        "rollaxis",
	ShapeRot90:           "rot90",
	ShapeChoose:          "choose",
	ShapeLexsort:         "lexsort",
	ShapeRavelMulti:      "ravel_multi_index",
	ShapeTriIndices:      "tri indices",
	ShapeVander:          "vander",
	ShapeTriMatrix:       "tri matrix",
	ShapeEdiff1d:         "ediff1d",
	ShapeTrapz:           "trapz",
	ShapeNanCum:          "nan cumulative",
	ShapeSetUnion:        "union1d (bounded)",
	ShapeIntersect:       "intersect1d (bounded)",
	ShapeAsfarray:        "asfarray",
	ShapeUfuncOuter:      "ufunc.outer",
	ShapeHistogram:       "histogram",
}

// String returns the rule's name, e.g. "pad"; "" for ShapeNone.
func (r ShapeRule) String() string {
	if r == ShapeNone {
		return ""
	}
	if n, ok := shapeRuleNames[r]; ok {
		return n
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
