package npapi

// This file defines the semantics columns of the table — shape rule, dtype rule, effect,
// temporaries, value-dependent bounds — and the arguments and results they are applied to.
// Apply (apply.go) applies them, each shape rule implemented in the file of its group; the rules'
// array inference (arraymodel/arrays) and the memory estimator (memory) both call it.

// ShapeRule says how a function's result shape follows from its arguments. ShapeNone leaves the
// function to the handling of its Kind in the interpreters (constructors, ufuncs, reductions …).
type ShapeRule uint8

// The shape rules.
const (
	ShapeNone            ShapeRule = iota
	ShapeSame                      // the first argument's shape
	ShapeBroadcast                 // the broadcast shape of the first Nin arguments
	ShapeSort                      // the first argument's shape; axis=None: flattened
	ShapeCum                       // flattened unless axis= is given (cumsum, cumprod)
	ShapeReduce                    // axis (AxisArg or axis=) removed, keepdims; no axis: a scalar
	ShapeQuantile                  // ShapeReduce with q's shape (argument 1) in front
	ShapeScalar                    // always a scalar
	ShapeMatrixScalar              // a scalar per matrix of a (..., n, n) stack: det, slogdet's parts
	ShapeOfArg                     // the shape of argument ArgN (searchsorted's v, solve's b, interp's x)
	ShapePad                       // each dimension grown by pad_width
	ShapeDiff                      // dimension axis (default -1) shrunk by n (default 1)
	ShapeOuter                     // (size of a, size of b)
	ShapeEinsum                    // from the subscripts string
	ShapeSVD                       // (u, s, vh); s only with compute_uv=False
	ShapeQR                        // (q, r) for mode="reduced"/"complete"; r for mode="r"
	ShapeEigh                      // (w, v) of a (..., n, n) stack
	ShapeEigvalsh                  // w of a (..., n, n) stack
	ShapePinv                      // a (..., m, n) stack becomes (..., n, m)
	ShapeFFT                       // the first argument's shape, dimension axis set to n when given
	ShapeRFFT                      // dimension axis becomes n//2+1
	ShapeIRFFT                     // dimension axis becomes n, default 2*(m-1)
	ShapeFFTN                      // the first argument's shape (s= not given)
	ShapeRFFTN                     // the last dimension becomes n//2+1
	ShapeIRFFTN                    // the last dimension becomes 2*(m-1)
	ShapeFFTFreq                   // (n,) from argument 0
	ShapeRFFTFreq                  // (n//2+1,) from argument 0
	ShapeGradient                  // one array per dimension of the first argument (one array for 1-D)
	ShapeCov                       // (m, n) observations in rows: (m, m)
	ShapeDiag                      // 1-D (n): a new (n+|k|, n+|k|); 2-D: a view of the k-th diagonal
	ShapeMeshgrid                  // one array per argument, (len y, len x, …) with indexing="xy"
	ShapeJoin                      // concatenate, stack, vstack, hstack, dstack, column_stack
	ShapeTile                      // the first argument tiled reps times
	ShapeRepeat                    // flattened and repeated (axis=None) or repeated along axis
	ShapeUnique                    // 1-D, at most the input's size: the size depends on the values
	ShapeConvolve                  // mode full (n+m-1), same (max) or valid (max-min+1)
	ShapeTri                       // the first argument's shape (triu, tril: one bool mask temporary)
	ShapeFlatBool                  // the first argument flattened (in1d)
	ShapeTake                      // take: the indices' shape (axis=None) or spliced in at axis
	ShapeSwapaxes                  // two axes exchanged
	ShapeMoveaxis                  // one axis moved
	ShapeSqueeze                   // the length-1 dimensions (or axis=) removed
	ShapeExpandDims                // a length-1 dimension inserted at axis
	ShapeBroadcastTo               // the shape argument
	ShapeAtleast                   // at least ArgN dimensions (atleast_1d/2d/3d)
	ShapeDiagonal                  // (..., min(m, n)) diagonal of the last two axes
	ShapeAppend                    // flattened concatenation (axis=None) or along axis
	ShapeKron                      // the dimensions multiplied (aligned right)
	ShapeTensordot                 // a's leading and b's trailing dimensions (axes=k, default 2)
	ShapeSelect                    // 1-D, one element per True of the condition: the size depends on the values
	ShapeNoArray                   // returns no array (a Python object, a bool, a dtype, a shape tuple)
	ShapeSplit                     // a list of views: split(a, k) into k equal sections along axis
	ShapeBroadcastArrays           // one view per argument, of the broadcast shape
	ShapeImag                      // the input's shape: a view of a complex input, new zeros for a real one
	ShapeIndices                   // (len(dimensions), *dimensions)
	ShapeUnravel                   // one index array per dimension of the shape, each shaped like the indices
	ShapeDelete                    // one element (axis=None, flattened) or one slice along axis removed

	ShapeConj // the input's shape: the input itself when real (ndarray.conj), new when complex

	ShapeMatmul // a @ b: matrix product of the last two axes, batch axes broadcast
	ShapeDot    // np.dot: matmul for 1-D and 2-D; a[:-1] + b[:-2] + b[-1:] beyond

	ShapeFromArg  // the shape argument (ShapeArg or ShapeKw): an int or a tuple of ints
	ShapeEye      // (N, M), M defaulting to N (argument ArgN; -1 for identity)
	ShapeLike     // the first argument's shape, or shape=
	ShapeArange   // (ceil((stop - start) / step),) of constant ints
	ShapeLinspace // (num,): argument ArgN, default 50

	ShapeRandom // the size argument (ShapeArg or ShapeKw; separate ints with Varargs); none: a scalar, or a 0-d array for shape= (jax.random)

	ShapeReshape   // the shape argument(s), one -1 filled from the size; a copy when the input is strided
	ShapeRavel     // flattened; a copy when the input is strided
	ShapeTranspose // axes reversed, or permuted by axes=

	ShapeBincount    // 1-D of length max(x)+1: the size depends on the values, with no bound
	ShapePolyval     // polyval(p, x): x's shape
	ShapePolyvalC    // polynomial.polynomial.polyval(x, c): x's shape (1-D c)
	ShapeNDArray     // ndarray(shape, dtype): a new array unless buffer= is given
	ShapeSetdiff     // setdiff1d: 1-D, at most the first input's size: the size depends on the values
	ShapeCross       // cross of 2- or 3-vectors along the last axis
	ShapeAsStrided   // as_strided: a view of shape= (the input's shape when missing)
	ShapeInsert      // insert with one index: the axis (or the flattened input) grown by the values
	ShapeBlock       // block: nested lists of arrays joined along the last axes
	ShapeMultiDot    // linalg.multi_dot: a chain of matrix products in NumPy's order
	ShapeUfuncReduce // ufunc.reduce: axis 0 unless axis= is given (None: all)
	ShapeRoots       // roots: 1-D, at most len(p)-1: the size and the dtype depend on the values
	ShapeEigvals     // linalg.eigvals: (..., n) of a (..., n, n) stack; real or complex by the values

	ShapeFilter     // scipy.ndimage filters: the input's shape, in the input's dtype or output=
	ShapeFilterSum  // scipy.ndimage laplace and gradient magnitudes: a filter with one temporary per pass
	ShapeMorph      // scipy.ndimage binary_erosion/dilation: the input's shape, bool
	ShapeZoom       // scipy.ndimage.zoom: each dimension times its (integer) zoom
	ShapeShift      // scipy.ndimage.shift: the input's shape, with a float64 spline-filtered copy
	ShapeConv2D     // scipy.signal.convolve2d/correlate2d: mode full, same or valid
	ShapeMapCoords  // scipy.ndimage.map_coordinates: the coordinates' shape without the first axis
	ShapeLabel      // scipy.ndimage.label: (int32 labels of the input's shape, their count)
	ShapeBinStruct  // scipy.ndimage.generate_binary_structure: (3,) * rank bools
	ShapeLstsq      // linalg.lstsq: (x, residuals, rank, singular values)
	ShapeLfilter    // scipy.signal.lfilter: x's shape, in the coefficients' and x's float dtype
	ShapeSosfilt    // scipy.signal.sosfilt: x's shape, in sos's and x's float dtype
	ShapeSavgol     // scipy.signal.savgol_filter of a 1-D x: x's shape, float32 or float64
	ShapeWindow     // scipy.signal.windows.hann/hamming/blackman: (M,) float64
	ShapeGetWindow  // scipy.signal.get_window of hann, hamming or blackman: (Nx,) float64
	ShapeButter     // scipy.signal.butter: (b, a) of order+1 coefficients, or sos sections
	ShapeSigConv    // scipy.signal.convolve/correlate/fftconvolve of float arrays: full, same or valid
	ShapeRotate     // scipy.ndimage.rotate of a 2-D input: its shape with reshape=False
	ShapeAffine     // scipy.ndimage.affine_transform: output_shape, or the input's shape
	ShapeEDT        // scipy.ndimage.distance_transform_edt: the input's shape, float64
	ShapeFiltfilt   // scipy.signal.filtfilt: x's shape, filtered forward and back over a padded copy
	ShapeHilbert    // scipy.signal.hilbert: x's shape, complex
	ShapeOdeint     // scipy.integrate.odeint: (len(t), len(y0)) float64
	ShapeSpdiags    // scipy.sparse.spdiags, dia_matrix: a DIA matrix over the data (npapi.Sparse)
	ShapeSpDiags    // scipy.sparse.diags of scalar diagonals: a DIA matrix
	ShapeSpEye      // scipy.sparse.eye, identity: DIA, CSR or CSC storage of the diagonal
	ShapeSpFormat   // scipy.sparse.csr_matrix … lil_matrix: a matrix of that format
	ShapeSpsolve    // scipy.sparse.linalg.spsolve: x of b's shape
	ShapeSciEigvals // scipy.linalg.eigvals of a float64 (n, n): (n,) complex128, over a copy

	ShapeSplitAxis  // vsplit, hsplit, dsplit: split along axis 0, 1 (0 for 1-D) or 2
	ShapeArraySplit // array_split: k views, the first n % k one longer
	ShapeRollaxis   // rollaxis: one axis rolled to position start
	ShapeRot90      // rot90: a view, the two axes swapped for odd k
	ShapeChoose     // choose: the broadcast of the index and the choices
	ShapeLexsort    // lexsort: the indices of the keys' length
	ShapeRavelMulti // ravel_multi_index: the broadcast of the index arrays
	ShapeTriIndices // triu_indices / tril_indices: (count,) twice
	ShapeVander     // vander: (len(x), N)
	ShapeTriMatrix  // tri: (N, M) from a bool comparison
	ShapeEdiff1d    // ediff1d: the flattened input less one
	ShapeTrapz      // trapz: reduced over axis (default the last)
	ShapeNanCum     // nancumsum / nancumprod: cumulative over a NaN-free copy
	ShapeSetUnion   // union1d: 1-D, at most the two inputs' sizes: the size depends on the values
	ShapeIntersect  // intersect1d: 1-D, at most the first input's size: the size depends on the values
	ShapeAsfarray   // asfarray: the input as a float array (itself when it already is one)
	ShapeUfuncOuter // ufunc.outer: a.shape + b.shape
	ShapeHistogram  // histogram: (hist, bin_edges) for a number of bins

	numShapeRules // the number of shape rules (names.go has one name each)
)

// DTypeRule says how a function's result dtype follows from its arguments. A dtype= argument
// (when the function takes one) overrides it.
type DTypeRule uint8

// The dtype rules.
const (
	DTSame    DTypeRule = iota // the first array argument's dtype
	DTPromote                  // NumPy's promotion of the first Nin arguments
	DTBool                     // bool (predicates, masks)
	DTIndex                    // int64 (intp indices)
	DTFloat                    // floats keep their precision; integers and bool become the default float
	DTFloat64                  // float64 whatever the input (cov, corrcoef, interp)
	DTComplex                  // complex of the input's precision (fft)
	DTReal                     // the real dtype of the input's precision (irfft, svd's s, eigh's w)
	DTFixed                    // the table's DType; Float64 there means the backend's default float
	DTSum                      // bool and integers narrower than 64 bits become int64 (uint64)
	DTFill                     // the dtype of the fill value (argument 1): full
	DTValues                   // depends on the values (eigvals, roots: real or complex); unknown
)

// Effect says what a call does with memory.
type Effect uint8

// The effects.
const (
	Alloc   Effect = iota // returns new arrays
	AsView                // returns a view of the first argument (no allocation)
	InPlace               // writes into its first argument and returns None
)

// TempOf says which array a temporary's element count is a multiple of.
type TempOf uint8

// The arrays temporaries are measured against.
const (
	OfInput        TempOf = iota // the first array argument
	OfResult                     // the first result array
	OfInputAxis                  // the first array argument, when axis= is given
	OfInputNotLast               // the first array argument, when axis= is given and not the last axis
	OfRealInput                  // the first array argument, when it is not complex (converted to complex)
)

// AxisUse says how a reduction was called, for the temporaries that depend on it.
type AxisUse uint8

// The axis uses.
const (
	NoAxis    AxisUse = iota // axis missing or None
	LastAxis                 // the last axis
	OtherAxis                // another axis (or one not known)
)

// Temp is one internal temporary a function allocates and frees before it returns, alive while
// its result is allocated: Elems × the elements of the input or result, of Item bytes each (0:
// the result dtype's item size; for a scalar result, the scalar's dtype).
type Temp struct {
	Of    TempOf
	Elems float64
	Item  int64
}

// ArgKind is what a call argument is.
type ArgKind uint8

// The argument kinds.
const (
	ArgMissing ArgKind = iota // not given
	ArgArray                  // an array: Shape, DType
	ArgScalar                 // a number: DType (weak for Python numbers), N when Known
	ArgSeq                    // a tuple or list: Elems
	ArgNone                   // None
	ArgDType                  // a dtype object: DType
	ArgStr                    // a string constant: Str
	ArgOther                  // anything else
	ArgSparse                 // a scipy.sparse matrix: Shape (2-D), DType of its data, Sparse
)

// Arg is what an interpreter knows about one argument of a call.
type Arg struct {
	Kind  ArgKind
	Shape []Dim // ArgArray: nil when the rank is unknown
	DType DType // ArgArray, ArgScalar, ArgDType
	N     int64 // ArgScalar: the integer value when Known
	Known bool
	// F is a float scalar's value when FKnown (Known and N are an integer's only); a complex
	// one's is known only when it is purely imaginary, and F is then its imaginary part.
	F      float64
	FKnown bool
	Elems  []Arg  // ArgSeq
	Str    string // ArgStr
	// Sym is the polynomial an integer of unknown value equals (a parameter n, 2*n + 1), for
	// symbolic dimensions; nil when unknown.
	Sym *Poly
	// Form is the polynomial a known integer was computed from, as Dim.Form.
	Form *Poly
	// Data reports an integer (or a shape) that comes from the data the code is given, as
	// Dim.Data: the dimensions it gives scale with the input.
	Data bool
	// Strided reports an array known not to be C-contiguous (a transpose, a strided slice):
	// reshape and ravel copy it.
	Strided bool
	// Sparse describes an ArgSparse matrix's format and storage.
	Sparse *Sparse
}

// Call is an evaluated call: its positional and keyword arguments. A method call passes its
// receiver as the first positional argument.
type Call struct {
	Args []Arg
	Kw   map[string]Arg
	// Float is the backend's default float dtype (NoDType: Float64). jax.numpy without x64
	// passes Float32.
	Float DType
	// NumPy is the NumPy version whose rules a NumPy call follows (the numpy-version setting;
	// the zero value, NumPy 2, for other libraries).
	NumPy NumPyVersion
}

// Arg returns positional argument i, else keyword kw, else an ArgMissing.
func (c *Call) Arg(i int, kw string) Arg {
	if i >= 0 && i < len(c.Args) {
		return c.Args[i]
	}
	if kw != "" {
		if a, ok := c.Kw[kw]; ok {
			return a
		}
	}
	return Arg{}
}

// Out is one array a call returns.
type Out struct {
	Shape []Dim // nil when even the rank is unknown
	DType DType // NoDType when unknown
	// View reports that the array is a view of the call's first argument (no allocation).
	View bool
	// Bound is, for a result whose size depends on the values (unique, boolean masks), the most
	// elements it can have (0: no value-dependent size; Unbounded: no bound, as for bincount).
	Bound int64
	// Scalar marks a number in a tuple result (lstsq's rank, scipy.ndimage.label's count), of
	// dtype DType; Shape is nil.
	Scalar bool
	// ViewOfCopy marks a new array that is a view of a copy the call makes (reshape of a
	// non-contiguous array): it holds the data but does not own it, so NumPy does not reuse it
	// in place as a temporary.
	ViewOfCopy bool
	// Counted marks a result whose lengths come from the call's count argument alone
	// (histogram's bins), whatever the array inputs' sizes: it is not the data's extent even
	// when they are.
	Counted bool
	// fixed: the shape rule set DType itself (histogram's counts, a join's promotion); real: the
	// dtype is the real dtype of the input's precision (svd's s, eigh's w).
	fixed, real bool
}

// Unbounded is the Bound of a result whose size depends on the values without a bound from the
// arguments' sizes (bincount: the largest value plus one).
const Unbounded int64 = -1

// Result is what a shape and dtype rule gives for a call.
type Result struct {
	// Outs are the arrays the call returns: one, or a tuple of several when Tuple is set.
	Outs  []Out
	Tuple bool
	// Scalar is the dtype of the scalar the call returns when Outs is empty.
	Scalar DType
	// TempBytes is the size of the internal temporaries alive while the results are allocated
	// (0 when there are none or their size is not known).
	TempBytes int64
	// Strided reports that a view result is not C-contiguous (swapped or moved axes): a later
	// ravel or reshape of it copies.
	Strided bool
	// copied: a view row copied its strided input instead (reshape, ravel).
	copied bool
	// Sparse, when set, says the one Out is a scipy.sparse matrix (of that 2-D shape and its
	// data's dtype) whose memory is the storage Sparse describes, not its dense size.
	Sparse *Sparse
	// Unknown, when not "", names memory the call allocates that the table cannot size
	// (spsolve's LU factors): the interpreter lists it as unknown.
	Unknown string
}
