package npapi

// This file holds the rows of reductions and statistics: sums, extrema, means, cumulative forms,
// quantiles, covariances, differences and histograms, and their shape rules. The temporaries were
// measured under NumPy 1.24 with tracemalloc (memory/apitable_test.go).

// reductionsRows are the rows of reductions and statistics.
var reductionsRows = []*Func{
	// ufunc.reduce: axis 0 by default; add and multiply widen small integers as sum does.
	row("add.reduce", Reduction, ShapeUfuncReduce, DTSum, dtypeArg(2), out),
	row("all", Reduction, ShapeReduce, DTBool, out, axis(1)),
	row("amax", Reduction, ShapeReduce, DTSame, out, axis(1)),
	row("amin", Reduction, ShapeReduce, DTSame, out, axis(1)),
	row("any", Reduction, ShapeReduce, DTBool, out, axis(1)),
	// argmax and argmin along an axis other than the last work on a contiguous transposed copy.
	row("argmax", Reduction, ShapeReduce, DTIndex, out, axis(1), temps(Temp{OfInputNotLast, 1, itemOwn})),
	row("argmin", Reduction, ShapeReduce, DTIndex, out, axis(1), temps(Temp{OfInputNotLast, 1, itemOwn})),
	row("average", Reduction, ShapeReduce, DTFloat, axis(1)),
	row("bincount", Other, ShapeBincount, DTIndex),
	row("corrcoef", Other, ShapeCov, DTFloat64, temps(Temp{OfInput, 1, itemResult})),
	// count_nonzero along an axis sums a bool copy.
	row("count_nonzero", Reduction, ShapeReduce, DTIndex, axis(1), temps(Temp{OfInputAxis, 1, itemBool})),
	// cov copies the data as float64, centres it in place and multiplies it by its transpose
	// (conj() of a real array is the array itself).
	row("cov", Other, ShapeCov, DTFloat64, temps(Temp{OfInput, 1, itemResult})),
	row("cumprod", Reduction, ShapeCum, DTSum, out, axis(1)),
	row("cumsum", Reduction, ShapeCum, DTSum, out, axis(1)),
	row("diff", Other, ShapeDiff, DTSame),
	row("ediff1d", Other, ShapeEdiff1d, DTSame),
	row("gradient", Other, ShapeGradient, DTFloat, temps(Temp{OfInput, 1, itemResult})),
	row("histogram", Other, ShapeHistogram, DTFixed),
	row("logical_and.reduce", Reduction, ShapeUfuncReduce, DTBool, out),
	row("logical_or.reduce", Reduction, ShapeUfuncReduce, DTBool, out),
	row("max", Reduction, ShapeReduce, DTSame, out, axis(1)),
	row("maximum.reduce", Reduction, ShapeUfuncReduce, DTSame, dtypeArg(2), out),
	row("mean", Reduction, ShapeReduce, DTFloat, out, axis(1)),
	// median partitions a copy of its input.
	row("median", Reduction, ShapeReduce, DTFloat, out, axis(1), temps(Temp{OfInput, 1, itemOwn})),
	row("min", Reduction, ShapeReduce, DTSame, out, axis(1)),
	row("minimum.reduce", Reduction, ShapeUfuncReduce, DTSame, dtypeArg(2), out),
	row("multiply.reduce", Reduction, ShapeUfuncReduce, DTSum, dtypeArg(2), out),
	row("nancumprod", Reduction, ShapeNanCum, DTSum, axis(1)),
	row("nancumsum", Reduction, ShapeNanCum, DTSum, axis(1)),
	row("nanmax", Reduction, ShapeReduce, DTSame, out, axis(1)),
	// The nan reductions replace NaNs in a copy and keep the NaN mask (and its inversion for the
	// counts of nanmean, nanstd and nanvar).
	row("nanmean", Reduction, ShapeReduce, DTFloat, out, axis(1), temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 2, itemBool})),
	row("nanmin", Reduction, ShapeReduce, DTSame, out, axis(1)),
	row("nanprod", Reduction, ShapeReduce, DTSum, out, axis(1), temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 1, itemBool})),
	row("nanstd", Reduction, ShapeReduce, DTFloat, out, axis(1), temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 2, itemBool})),
	row("nansum", Reduction, ShapeReduce, DTSum, out, axis(1), temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 1, itemBool})),
	row("nanvar", Reduction, ShapeReduce, DTFloat, out, axis(1), temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 2, itemBool})),
	row("percentile", Reduction, ShapeQuantile, DTFloat, axis(2), temps(Temp{OfInput, 1, itemOwn})),
	row("prod", Reduction, ShapeReduce, DTSum, out, axis(1)),
	row("product", Reduction, ShapeReduce, DTSum, out, axis(1), removed2("`np.prod`")),
	row("ptp", Reduction, ShapeReduce, DTSame, out, axis(1)),
	row("quantile", Reduction, ShapeQuantile, DTFloat, axis(2), temps(Temp{OfInput, 1, itemOwn})),
	// std and var subtract the mean into a temporary of the input's size (in the result's float
	// dtype) and square it in place.
	row("std", Reduction, ShapeReduce, DTFloat, out, axis(1), temps(Temp{OfInput, 1, itemResult})),
	row("sum", Reduction, ShapeReduce, DTSum, out, axis(1)),
	row("trapz", Other, ShapeTrapz, DTFloat, removed2("`np.trapezoid`")),
	row("var", Reduction, ShapeReduce, DTFloat, out, axis(1), temps(Temp{OfInput, 1, itemResult})),
}

// reductionsShapes are the shape rules of reductions and statistics.
var reductionsShapes = shapeRules{
	ShapeBincount:    plain(bincount),
	ShapeCov:         onRank(covRule),
	ShapeCum:         onArray(cumRule),
	ShapeDiff:        onRank(diffRule),
	ShapeEdiff1d:     ediff1d,
	ShapeGradient:    onKnownRank(gradientRule),
	ShapeHistogram:   histogram,
	ShapeNanCum:      nanCum,
	ShapeQuantile:    onArray(quantileRule),
	ShapeReduce:      onArray(reduceRule),
	ShapeTrapz:       trapz,
	ShapeUfuncReduce: plain(ufuncReduce),
}

// covRule applies ShapeCov: (m, n) observations in rows: (m, m).
func covRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	if nd != 2 || c.Arg(1, "y").Kind != ArgMissing || !only(c, "rowvar", "bias", "ddof") {
		return Result{}, false
	}
	rowvar, ok := boolArg(c.Arg(2, "rowvar"), true)
	if !ok {
		return Result{}, false
	}
	d := s[0]
	if !rowvar {
		d = s[1]
	}
	return one([]Dim{d, d}), true
}

// cumRule applies ShapeCum: flattened unless axis= is given (cumsum, cumprod).
func cumRule(f *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	if ax := c.Arg(f.AxisArg, "axis"); ax.Kind == ArgMissing || ax.Kind == ArgNone {
		return one(flat(s)), true
	}
	return one(clone(s)), true
}

// diffRule applies ShapeDiff: dimension axis (default -1) shrunk by n (default 1).
func diffRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	if !only(c, "n", "axis") {
		return Result{}, false
	}
	n, ok1 := intArg(c.Arg(1, "n"), 1)
	ax, ok2 := intArg(c.Arg(2, "axis"), -1)
	i, ok3 := normAxis(ax, nd)
	if !ok1 || !ok2 || !ok3 || n < 0 {
		return Result{}, false
	}
	out := clone(s)
	out[i] = out[i].add(-n)
	r := one(out)
	if n >= 2 {
		// a[1:] - a[:-1] n times: the previous difference is alive while the last is made
		prev := clone(s)
		prev[i] = prev[i].add(1 - n)
		if m, ok := Size(prev); ok {
			r.TempBytes = NBytes(m, a.DType)
		}
	}
	return r, true
}

// gradientRule applies ShapeGradient: one array per dimension of the first argument (one array for
// 1-D).
func gradientRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	if !only(c, "edge_order") || len(c.Args) > 1 || nd == 0 {
		return Result{}, false
	}
	if nd == 1 {
		return one(clone(s)), true
	}
	r := Result{Tuple: true}
	for range s {
		r.Outs = append(r.Outs, Out{Shape: clone(s)})
	}
	return r, true
}

// quantileRule applies ShapeQuantile: ShapeReduce with q's shape (argument 1) in front.
func quantileRule(f *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	r, ok := reduce(s, c.Arg(f.AxisArg, "axis"), c.Arg(-1, "keepdims"))
	if !ok {
		return r, false
	}
	var q []Dim
	switch qa := c.Arg(1, "q"); qa.Kind {
	case ArgScalar:
		return r, true
	case ArgArray:
		q = qa.Shape
	case ArgSeq:
		q = []Dim{Int(int64(len(qa.Elems)))}
	default:
		return Result{}, false
	}
	if q == nil {
		return one(nil), true
	}
	var rest []Dim
	if len(r.Outs) > 0 {
		if r.Outs[0].Shape == nil {
			return one(nil), true
		}
		rest = r.Outs[0].Shape
	}
	return one(append(clone(q), rest...)), true
}

// reduceRule applies ShapeReduce: axis (AxisArg or axis=) removed, keepdims; no axis: a scalar.
func reduceRule(f *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	return reduce(s, c.Arg(f.AxisArg, "axis"), c.Arg(-1, "keepdims"))
}

// reduce removes the axes axis names (all when it is missing or None), keeping them as 1 with
// keepdims=True.
func reduce(s []Dim, axis, keepdims Arg) (Result, bool) {
	keep, ok := boolArg(keepdims, false)
	if !ok {
		return one(nil), true
	}
	if axis.Kind == ArgMissing || axis.Kind == ArgNone {
		if !keep {
			return scalar(), true
		}
		if s == nil {
			return one(nil), true
		}
		out := make([]Dim, len(s))
		for i := range out {
			out[i] = Int(1)
		}
		return one(out), true
	}
	if s == nil {
		return one(nil), true
	}
	axes := []Arg{axis}
	if axis.Kind == ArgSeq {
		axes = axis.Elems
	}
	drop := make([]bool, len(s))
	for _, x := range axes {
		v, ok := intArg(x, 0)
		if !ok || x.Kind != ArgScalar {
			return one(nil), true
		}
		i, ok := normAxis(v, len(s))
		if !ok {
			return Result{}, false
		}
		drop[i] = true
	}
	var out []Dim
	for i, d := range s {
		switch {
		case !drop[i]:
			out = append(out, d)
		case keep:
			out = append(out, Int(1))
		}
	}
	if len(out) == 0 {
		return scalar(), true
	}
	return one(out), true
}

// ediff1d gives np.ediff1d(ary) without to_begin/to_end: the flattened input's differences.
func ediff1d(_ *Func, c *Call) (Result, bool) {
	a, end, begin := firstArray(c), c.Arg(1, "to_end"), c.Arg(2, "to_begin")
	if (end.Kind != ArgMissing && end.Kind != ArgNone) || (begin.Kind != ArgMissing && begin.Kind != ArgNone) {
		return Result{}, false
	}
	if a.Kind != ArgArray {
		return Result{}, false
	}
	n, ok := Size(a.Shape)
	if !ok {
		return one([]Dim{{}}), true
	}
	return one([]Dim{Int(max(n-1, 0))}), true
}

// trapz gives np.trapz(y, x=None, dx=1.0, axis=-1) of a float y: y's shape without the axis;
// y[1:] + y[:-1] is the one temporary (the scaling reuses it).
func trapz(_ *Func, c *Call) (Result, bool) {
	y := c.Arg(0, "y")
	if x := c.Arg(1, "x"); x.Kind != ArgMissing && x.Kind != ArgNone {
		return Result{}, false // diff(x) and its reshaping are not modelled
	}
	if y.Kind != ArgArray || len(y.Shape) == 0 || y.DType.Kind() != 'f' || !only(c, "x", "dx", "axis") {
		return Result{}, false
	}
	ax, ok := intArg(c.Arg(3, "axis"), -1)
	i, ok2 := normAxis(ax, len(y.Shape))
	if !ok || !ok2 {
		return Result{}, false
	}
	r, ok := reduce(y.Shape, Arg{Kind: ArgScalar, DType: WeakInt, N: int64(i), Known: true}, Arg{})
	if n, sized := Size(y.Shape); sized && ok && y.Shape[i].N > 0 {
		r.TempBytes = NBytes(n/y.Shape[i].N*(y.Shape[i].N-1), y.DType)
	}
	return r, ok
}

// nanCum gives np.nancumsum / nancumprod: flattened unless axis= is given. A float input is
// copied with its NaNs replaced, and the NaN mask kept, while the result is made; integers are
// used as they are.
func nanCum(f *Func, c *Call) (Result, bool) {
	a := firstArray(c)
	if a.Kind != ArgArray {
		return Result{}, false
	}
	r, ok := onArray(cumRule)(&Func{Rule: ShapeCum, AxisArg: f.AxisArg}, c)
	if n, sized := Size(a.Shape); ok && sized && (a.DType.Kind() == 'f' || a.DType.Kind() == 'c') {
		r.TempBytes = SatMul(n, a.DType.ItemSize()+1)
	}
	return r, ok
}

// binsDim is the number of bins histogram's bins argument gives: a count (10 when absent), or
// edges, one bin fewer than their number; unknown for a value of unknown type; false for a
// method name and for what cannot be bins.
func binsDim(b Arg) (Dim, bool) {
	switch b.Kind {
	case ArgMissing:
		return Int(10), true
	case ArgScalar:
		if b.Known && b.N < 1 || b.DType.Kind() == 'f' || b.DType.Kind() == 'c' {
			return Dim{}, false // (a float count raises)
		}
		return scalarDim(b), true
	case ArgSeq:
		if len(b.Elems) < 2 {
			return Dim{}, false
		}
		return Int(int64(len(b.Elems) - 1)), true
	case ArgArray:
		switch {
		case b.Shape == nil:
			return Dim{}, true
		case len(b.Shape) != 1 || b.Shape[0].Known && b.Shape[0].N < 2:
			return Dim{}, false // (edges must be one-dimensional, at least two)
		case b.Shape[0].Known:
			return Int(b.Shape[0].N - 1), true
		}
		return b.Shape[0].add(-1), true
	case ArgOther:
		return Dim{}, true
	}
	return Dim{}, false
}

// histogram gives np.histogram(a, bins=10, range=None, density=None, weights=None) for a
// number of bins: (hist, bin_edges), hist int64 (float64 with weights or density) of bins
// elements, the edges bins+1 of the bin dtype (float32 for float32 data, else float64). NumPy
// walks the data in blocks of 65,536 elements; in each, a bool mask, the positions in the bin
// dtype, intp indices, a second mask, indices + 1 and the edges they gather are alive at once,
// and integer data is first cast to the bin dtype: (18 + 2s) bytes per element, s more for
// integers (s the bin dtype's itemsize; measured under NumPy 1.24 with tracemalloc). With a
// range= the block's values outside it are dropped first (a copy of the rest): the figure is
// then the most it can be. Of data whose dtype or size is not known the shapes are still known
// (the edges' dtype and the temporaries are not). So are they when the bins are a number or
// edges of a length not known: as many counts as bins, whatever the data's size (Counted).
// Bins given as a method name ("auto": a count the data decides) are not modelled, nor are
// edges on data of known size (NumPy sorts the data then: temporaries this row does not
// model).
func histogram(_ *Func, c *Call) (Result, bool) {
	a := c.Arg(0, "a")
	if a.Kind == ArgMissing || a.Kind == ArgNone || !only(c, "bins", "range", "density", "weights") {
		return Result{}, false
	}
	if a.DType.Kind() == 'c' {
		return Result{}, false
	}
	b := c.Arg(1, "bins")
	nbins, ok := binsDim(b)
	if _, sized := Size(a.Shape); !ok || sized && a.Kind == ArgArray && b.Kind != ArgMissing && b.Kind != ArgScalar {
		return Result{}, false // (edges, or bins of unknown type, on data of known size)
	}
	// The shapes follow from bins alone; the edges' dtype and the temporaries from the data's
	// dtype and size, when known.
	binDT := Float64
	switch {
	case a.Kind != ArgArray || a.DType == NoDType:
		binDT = NoDType
	case a.DType == Float32 || a.DType == Float16:
		binDT = a.DType
	}
	counts := Int64
	if w := c.Arg(4, "weights"); w.Kind != ArgMissing && w.Kind != ArgNone {
		counts = Float64
	}
	if d, ok := boolArg(c.Arg(3, "density"), false); !ok || d {
		counts = Float64
	}
	item := binDT.ItemSize()
	per := 18 + 2*item
	if a.DType.IsInteger() || a.DType == Bool {
		per += item
	}
	r := Result{Outs: []Out{{Shape: []Dim{nbins}, DType: counts, Counted: true, fixed: true},
		{Shape: []Dim{nbins.add(1)}, DType: binDT, Counted: true, fixed: true}}, Tuple: true}
	if n, ok := Size(a.Shape); ok && a.Kind == ArgArray && binDT != NoDType {
		r.TempBytes = min(n, histogramBlock) * per
	}
	return r, true
}

// ufuncReduce gives ufunc.reduce(a, axis=0): the axis removed (all of them for axis=None).
func ufuncReduce(c *Call) (Result, bool) {
	a := firstArray(c)
	ax := c.Arg(1, "axis")
	if ax.Kind == ArgMissing {
		ax = Arg{Kind: ArgScalar, DType: WeakInt, Known: true} // axis=0
	}
	if a.Kind != ArgArray {
		return Result{}, false
	}
	return reduce(a.Shape, ax, c.Arg(-1, "keepdims"))
}

// bincount gives np.bincount(x, weights=None, minlength=0): 1-D of length max(x)+1 (at least
// minlength), which depends on the values and has no bound from the input's size; int64 counts,
// float64 sums with weights. jax.numpy's length= fixes the length.
func bincount(c *Call) (Result, bool) {
	x := c.Arg(0, "x")
	if x.Kind != ArgArray || (x.Shape != nil && len(x.Shape) != 1) || !only(c, "weights", "minlength", "length") {
		return Result{}, false
	}
	o := Out{Shape: []Dim{{}}, DType: Int64, fixed: true, Bound: Unbounded}
	if n, ok := intArg(c.Arg(-1, "length"), -1); ok && n >= 0 {
		o.Shape, o.Bound = []Dim{Int(n)}, 0
	}
	if w := c.Arg(1, "weights"); w.Kind != ArgMissing && w.Kind != ArgNone {
		o.DType = Float64
	}
	return Result{Outs: []Out{o}}, true
}

// histogramBlock is the number of elements NumPy's histogram works on at a time with equal-width
// bins (numpy/lib/histograms.py's BLOCK).
const histogramBlock = 65536
