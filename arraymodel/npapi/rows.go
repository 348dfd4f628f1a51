package npapi

// This file holds the rows of the table that carry a shape rule: the functions and methods whose
// result shape, dtype, effect and temporaries Apply works out from the row alone. Adding a
// function is one row here and one test row in memory/apitable_test.go.

// row builds a row with a shape rule; the options set the rest.
func row(name string, kind Kind, shape ShapeRule, dt DTypeRule, opts ...func(*Func)) *Func {
	f := &Func{Name: name, Kind: kind, Rule: shape, DTRule: dt, ShapeArg: -1, DTypeArg: -1,
		AxisArg: -1, ArgN: -1, Copy: true}
	for _, o := range opts {
		o(f)
	}
	return f
}

// axis sets the positional index of the axis argument.
func axis(i int) func(*Func) { return func(f *Func) { f.AxisArg = i } }

// argN sets the positional index of the rule's count or size argument.
func argN(i int) func(*Func) { return func(f *Func) { f.ArgN = i } }

// nin sets the number of array inputs.
func nin(n int) func(*Func) { return func(f *Func) { f.Nin = n } }

// mode sets the default of mode=.
func mode(m string) func(*Func) { return func(f *Func) { f.Mode = m } }

// fixed sets the dtype of a DTFixed row.
func fixed(d DType) func(*Func) { return func(f *Func) { f.DType = d } }

// view marks a row that returns a view of its first argument.
func view(f *Func) { f.Effect, f.Copy = AsView, false }

// out marks a row that accepts out=.
func out(f *Func) { f.Out = true }

// dtypeKw marks a row that accepts dtype= (keyword only).
func dtypeKw(f *Func) { f.DTypeKw = true }

// temps sets the internal temporaries.
func temps(t ...Temp) func(*Func) { return func(f *Func) { f.Temps = t } }

// Item sizes of temporaries: the measured array's own (0), the result dtype's (-1), or bytes.
const (
	itemOwn    = 0
	itemResult = -1
	itemBool   = 1
)

// ruleFuncs are the module functions with a shape rule.
func ruleFuncs() []*Func {
	return []*Func{
		// Rearranging: a new array of the input's shape.
		row("roll", Other, ShapeSame, DTSame),
		row("fft.fftshift", Other, ShapeSame, DTSame),
		row("fft.ifftshift", Other, ShapeSame, DTSame),
		row("flip", View, ShapeSame, DTSame, view),
		row("fliplr", View, ShapeSame, DTSame, view),
		row("flipud", View, ShapeSame, DTSame, view),
		row("pad", Other, ShapePad, DTSame),
		row("diff", Other, ShapeDiff, DTSame),
		row("tile", Join, ShapeTile, DTSame),
		row("repeat", Join, ShapeRepeat, DTSame, axis(2)),
		row("diag", Other, ShapeDiag, DTSame),
		row("append", Join, ShapeAppend, DTSame),
		row("take", Gather, ShapeTake, DTSame, out),
		row("take_along_axis", Gather, ShapeOfArg, DTSame, argN(1)),
		row("compress", Gather, ShapeSelect, DTSame, argN(1), out),
		row("extract", Gather, ShapeSelect, DTSame, argN(1)),
		// Views with a shape rule.
		row("swapaxes", View, ShapeSwapaxes, DTSame, view),
		row("moveaxis", View, ShapeMoveaxis, DTSame, view),
		row("squeeze", View, ShapeSqueeze, DTSame, view),
		row("expand_dims", View, ShapeExpandDims, DTSame, view),
		row("broadcast_to", View, ShapeBroadcastTo, DTSame, view),
		row("atleast_1d", View, ShapeAtleast, DTSame, view, argN(1)),
		row("atleast_2d", View, ShapeAtleast, DTSame, view, argN(2)),
		row("atleast_3d", View, ShapeAtleast, DTSame, view, argN(3)),
		row("diagonal", View, ShapeDiagonal, DTSame, view),
		// triu/tril build a bool mask with tri() and select with where(mask, 0, m).
		row("triu", Other, ShapeTri, DTSame, temps(Temp{OfInput, 1, itemBool})),
		row("tril", Other, ShapeTri, DTSame, temps(Temp{OfInput, 1, itemBool})),
		// nan_to_num copies, then copyto(..., where=mask) with isnan and isposinf/isneginf masks
		// (isinf, signbit, its inversion and their conjunction): five bool arrays at the peak.
		row("nan_to_num", Other, ShapeSame, DTSame, temps(Temp{OfInput, 5, itemBool})),
		// Sorting and searching. sort copies then sorts in place; argsort/argpartition give indices.
		row("sort", Other, ShapeSort, DTSame, axis(1)),
		row("argsort", Other, ShapeSort, DTIndex, axis(1)),
		row("partition", Other, ShapeSort, DTSame, axis(2)),
		row("argpartition", Other, ShapeSort, DTIndex, axis(2)),
		row("searchsorted", Other, ShapeOfArg, DTIndex, argN(1)),
		// unique flattens a copy, sorts it and builds a bool mask from aux[1:] != aux[:-1]; its
		// size depends on the values.
		row("unique", Other, ShapeUnique, DTSame, temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 2, itemBool})),
		// isin / in1d with a short test list: mask |= (ar1 == v) per value.
		row("isin", Other, ShapeSame, DTBool, temps(Temp{OfInput, 1, itemBool})),
		row("in1d", Other, ShapeFlatBool, DTBool, temps(Temp{OfInput, 1, itemBool})),
		// Comparisons: isclose checks isfinite of both sides, then |x-y| <= atol + rtol*|y|.
		row("isclose", Ufunc, ShapeBroadcast, DTBool, nin(2), temps(Temp{OfInput, 2, itemBool}, Temp{OfInput, 2, itemOwn})),
		row("allclose", Other, ShapeScalar, DTBool, temps(Temp{OfInput, 3, itemBool}, Temp{OfInput, 2, itemOwn})),
		row("array_equal", Other, ShapeScalar, DTBool, temps(Temp{OfInput, 1, itemBool})),
		// Elementwise with a shape rule.
		row("interp", Other, ShapeOfArg, DTFloat64, argN(0)),
		row("convolve", Other, ShapeConvolve, DTPromote, nin(2), mode("full")),
		row("correlate", Other, ShapeConvolve, DTPromote, nin(2), mode("valid")),
		row("gradient", Other, ShapeGradient, DTFloat, temps(Temp{OfInput, 1, itemResult})),
		// Statistics.
		row("percentile", Reduction, ShapeQuantile, DTFloat, axis(2), temps(Temp{OfInput, 1, itemOwn})),
		row("quantile", Reduction, ShapeQuantile, DTFloat, axis(2), temps(Temp{OfInput, 1, itemOwn})),
		// cov copies the data as float64, centres it in place and multiplies it by its transpose
		// (conj() of a real array is the array itself).
		row("cov", Other, ShapeCov, DTFloat64, temps(Temp{OfInput, 1, itemResult})),
		row("corrcoef", Other, ShapeCov, DTFloat64, temps(Temp{OfInput, 1, itemResult})),
		row("trace", Other, ShapeMatrixScalar, DTSum),
		// Joining and products.
		row("concatenate", Join, ShapeJoin, DTSame, out),
		row("stack", Join, ShapeJoin, DTSame, out),
		row("vstack", Join, ShapeJoin, DTSame),
		row("hstack", Join, ShapeJoin, DTSame),
		row("dstack", Join, ShapeJoin, DTSame),
		row("column_stack", Join, ShapeJoin, DTSame),
		row("matmul", Product, ShapeMatmul, DTPromote, nin(2), out),
		row("dot", Product, ShapeDot, DTPromote, nin(2), out),
		row("outer", Product, ShapeOuter, DTPromote, nin(2), out),
		row("kron", Product, ShapeKron, DTPromote, nin(2)),
		row("tensordot", Product, ShapeTensordot, DTPromote, nin(2)),
		row("einsum", Product, ShapeEinsum, DTPromote, out),
		row("meshgrid", Other, ShapeMeshgrid, DTSame),
		// numpy.linalg: LAPACK's copies and workspaces are malloc'd by NumPy's gufuncs, outside
		// the Python allocator NumPy's arrays use; the table counts arrays, as tracemalloc does.
		// qr's reduced mode copies its input in Python.
		row("linalg.inv", Other, ShapeSame, DTFloat),
		row("linalg.solve", Other, ShapeOfArg, DTFloat, argN(1)),
		row("linalg.cholesky", Other, ShapeSame, DTFloat),
		row("linalg.det", Other, ShapeMatrixScalar, DTFloat),
		// norm(x, ord=None, axis=None, keepdims=False): a scalar, or reduced over axis; along an
		// axis NumPy squares x into one temporary of its size before reducing it (measured).
		row("linalg.norm", Other, ShapeReduce, DTReal, axis(2), temps(Temp{OfInputAxis, 1, itemOwn})),
		row("linalg.svd", Other, ShapeSVD, DTFloat),
		row("linalg.qr", Other, ShapeQR, DTFloat, mode("reduced"), temps(Temp{OfInput, 1, itemResult})),
		row("linalg.eigh", Other, ShapeEigh, DTFloat),
		row("linalg.eigvalsh", Other, ShapeEigvalsh, DTFloat),
		row("linalg.pinv", Other, ShapePinv, DTFloat),
		// numpy.fft: the result is the transformed copy; n-dimensional transforms go axis by axis
		// and keep one intermediate of the result's size.
		row("fft.fft", Other, ShapeFFT, DTComplex),
		row("fft.ifft", Other, ShapeFFT, DTComplex),
		row("fft.rfft", Other, ShapeRFFT, DTComplex),
		// irfft zero-pads its input to n complex values before transforming.
		row("fft.irfft", Other, ShapeIRFFT, DTReal, temps(Temp{OfResult, 2, itemOwn})),
		row("fft.fft2", Other, ShapeFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn})),
		row("fft.ifft2", Other, ShapeFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn})),
		row("fft.fftn", Other, ShapeFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn})),
		row("fft.ifftn", Other, ShapeFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn})),
		row("fft.rfft2", Other, ShapeRFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn})),
		row("fft.rfftn", Other, ShapeRFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn})),
		row("fft.irfft2", Other, ShapeIRFFTN, DTReal, temps(Temp{OfInput, 1, itemOwn}, Temp{OfResult, 2, itemOwn})),
		row("fft.irfftn", Other, ShapeIRFFTN, DTReal, temps(Temp{OfInput, 1, itemOwn}, Temp{OfResult, 2, itemOwn})),
		// fftfreq fills an int array from two aranges, then scales it into the float result.
		row("fft.fftfreq", Other, ShapeFFTFreq, DTFixed, fixed(Float64), temps(Temp{OfResult, 2, itemOwn})),
		row("fft.rfftfreq", Other, ShapeRFFTFreq, DTFixed, fixed(Float64), temps(Temp{OfResult, 1, itemOwn})),
		// permutation of an array: a shuffled copy.
		row("random.permutation", Random, ShapeSame, DTSame),
	}
}

// noArray are the functions that return no array: dtype and type queries, shapes, contexts.
var noArray = []string{"isscalar", "ndim", "size", "shape", "iscomplexobj", "isrealobj", "issubdtype",
	"result_type", "can_cast", "promote_types", "min_scalar_type", "finfo", "iinfo", "errstate",
	"iterable", "may_share_memory", "shares_memory", "get_include", "dtype"}

// moreFuncs are rows added from the usage count (bench/apicount.txt).
func moreFuncs() []*Func {
	fs := []*Func{
		row("real", View, ShapeSame, DTReal, view),
		row("imag", Other, ShapeImag, DTReal),
		row("indices", Other, ShapeIndices, DTFixed, fixed(Int64), dtypeKw),
		row("unravel_index", Other, ShapeUnravel, DTIndex),
		row("delete", Other, ShapeDelete, DTSame),
		row("resize", Other, ShapeBroadcastTo, DTSame),
		row("split", View, ShapeSplit, DTSame, view),
		row("broadcast_arrays", View, ShapeBroadcastArrays, DTSame, view),
		row("fill_diagonal", Scatter, ShapeSame, DTSame, inPlace),
		// asarray_chkfinite returns its argument after checking isfinite(a).all().
		row("asarray_chkfinite", Convert, ShapeSame, DTSame, view, temps(Temp{OfInput, 1, itemBool})),
		// isreal is imag(x) == 0: imag of a real array is a new zero array.
		row("isreal", Ufunc, ShapeSame, DTBool, temps(Temp{OfInput, 1, itemOwn})),
		row("linalg.matrix_rank", Other, ShapeMatrixScalar, DTIndex),
		row("array_equiv", Other, ShapeScalar, DTBool, temps(Temp{OfInput, 1, itemBool})),
		// From the 300 most used names (apply_usage.go has their rules).
		row("bincount", Other, ShapeBincount, DTIndex),
		row("polyval", Other, ShapePolyval, DTSame),
		row("polynomial.polynomial.polyval", Other, ShapePolyvalC, DTSame),
		row("ndarray", Other, ShapeNDArray, DTFixed, fixed(Float64), dtypeArg(1), func(f *Func) { f.Fill = true }),
		row("setdiff1d", Other, ShapeSetdiff, DTSame, temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 2, itemBool})),
		row("cross", Product, ShapeCross, DTPromote, nin(2)),
		row("lib.stride_tricks.as_strided", View, ShapeAsStrided, DTSame, view),
		row("insert", Other, ShapeInsert, DTSame),
		row("block", Join, ShapeBlock, DTSame),
		row("linalg.multi_dot", Product, ShapeMultiDot, DTPromote, out),
		row("roots", Other, ShapeRoots, DTValues),
		row("linalg.eigvals", Other, ShapeEigvals, DTValues, temps(Temp{OfInput, 1, itemBool})),
		row("linalg.lstsq", Other, ShapeLstsq, DTSame),
		// ufunc.reduce: axis 0 by default; add and multiply widen small integers as sum does.
		row("add.reduce", Reduction, ShapeUfuncReduce, DTSum, out, dtypeArg(2)),
		row("multiply.reduce", Reduction, ShapeUfuncReduce, DTSum, out, dtypeArg(2)),
		row("maximum.reduce", Reduction, ShapeUfuncReduce, DTSame, out, dtypeArg(2)),
		row("minimum.reduce", Reduction, ShapeUfuncReduce, DTSame, out, dtypeArg(2)),
		row("logical_and.reduce", Reduction, ShapeUfuncReduce, DTBool, out),
		row("logical_or.reduce", Reduction, ShapeUfuncReduce, DTBool, out),
	}
	fs = append(fs, nextFuncs()...)
	fs = append(fs, scipyFuncs()...)
	for _, n := range noArray {
		fs = append(fs, row(n, Other, ShapeNoArray, DTSame))
	}
	return fs
}

// dtypeArg marks a row that accepts dtype=, also as positional argument i.
func dtypeArg(i int) func(*Func) { return func(f *Func) { f.DTypeKw, f.DTypeArg = true, i } }

// inPlace marks a row that writes into its first argument and returns None.
func inPlace(f *Func) { f.Effect, f.Copy = InPlace, false }

// ruleMethods are the ndarray methods with a shape rule (the receiver is argument 0).
func ruleMethods() []*Func {
	return []*Func{
		row("argsort", Other, ShapeSort, DTIndex, axis(1)),
		row("argpartition", Other, ShapeSort, DTIndex, axis(2)),
		row("searchsorted", Other, ShapeOfArg, DTIndex, argN(1)),
		row("repeat", Gather, ShapeRepeat, DTSame, axis(2)),
		row("trace", Other, ShapeMatrixScalar, DTSum),
		row("dot", Product, ShapeDot, DTPromote, nin(2), out),
		row("take", Gather, ShapeTake, DTSame, out),
		row("compress", Gather, ShapeSelect, DTSame, argN(0), out),
		row("swapaxes", View, ShapeSwapaxes, DTSame, view),
		row("squeeze", View, ShapeSqueeze, DTSame, view),
		row("diagonal", View, ShapeDiagonal, DTSame, view),
		row("partition", Scatter, ShapeSame, DTSame, inPlace),
		row("tolist", Other, ShapeNoArray, DTSame),
		row("item", Other, ShapeNoArray, DTSame),
		row("setfield", Scatter, ShapeSame, DTSame, inPlace),
	}
}

// ruleGenerator are the Generator methods with a shape rule (the generator is not an argument).
func ruleGenerator() []*Func {
	return []*Func{
		row("permutation", Random, ShapeSame, DTSame),
	}
}
