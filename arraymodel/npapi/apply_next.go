package npapi

// This file defines the rows and shape rules of NumPy functions from the next most used names
// (301-600 of bench/apicount.py's count over Debian's numpy, scipy, sklearn and skimage), where
// the result and its temporaries follow from the arguments (measured under NumPy 1.24 with
// tracemalloc).

// nextFuncs are the rows.
func nextFuncs() []*Func {
	return []*Func{
		// isposinf is isinf(x) & ~signbit(x): two bool arrays alive with the result.
		row("isposinf", Other, ShapeSame, DTBool, out, temps(Temp{OfInput, 2, itemBool})),
		row("isneginf", Other, ShapeSame, DTBool, out, temps(Temp{OfInput, 2, itemBool})),
		row("iscomplex", Other, ShapeSame, DTBool),
		row("angle", Other, ShapeSame, DTReal),
		// sinc: y = pi * where(x == 0, 1e-20, x), then sin(y) / y (the division reuses sin(y)).
		row("sinc", Other, ShapeSame, DTFloat, temps(Temp{OfInput, 1, itemResult})),
		row("vsplit", View, ShapeSplitAxis, DTSame, view, argN(0)),
		row("hsplit", View, ShapeSplitAxis, DTSame, view, argN(1)),
		row("dsplit", View, ShapeSplitAxis, DTSame, view, argN(2)),
		row("array_split", View, ShapeArraySplit, DTSame, view),
		row("rollaxis", View, ShapeRollaxis, DTSame, view),
		row("rot90", View, ShapeRot90, DTSame, view),
		row("choose", Gather, ShapeChoose, DTSame, out),
		row("lexsort", Other, ShapeLexsort, DTIndex),
		row("ravel_multi_index", Other, ShapeRavelMulti, DTIndex),
		row("triu_indices", Other, ShapeTriIndices, DTIndex, mode("upper")),
		row("tril_indices", Other, ShapeTriIndices, DTIndex, mode("lower")),
		row("vander", Other, ShapeVander, DTSame),
		row("tri", Other, ShapeTriMatrix, DTFixed, fixed(Float64), dtypeArg(3)),
		row("ediff1d", Other, ShapeEdiff1d, DTSame),
		row("trapz", Other, ShapeTrapz, DTFloat),
		row("nancumsum", Reduction, ShapeNanCum, DTSum, axis(1)),
		row("nancumprod", Reduction, ShapeNanCum, DTSum, axis(1)),
		// union1d is unique(concatenate((ar1, ar2), axis=None)); intersect1d takes unique of
		// each input first.
		row("union1d", Other, ShapeSetUnion, DTSame),
		row("intersect1d", Other, ShapeIntersect, DTSame, temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 2, itemBool})),
		row("asfarray", Convert, ShapeAsfarray, DTFloat),
		// ufunc.outer(a, b): the ufunc of every pair, shape a.shape + b.shape (np.outer
		// flattens its inputs; these do not).
		row("add.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
		row("subtract.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
		row("multiply.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
		row("maximum.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
		row("minimum.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
		row("equal.outer", Ufunc, ShapeUfuncOuter, DTBool, nin(2), out),
		row("less.outer", Ufunc, ShapeUfuncOuter, DTBool, nin(2), out),
		row("greater.outer", Ufunc, ShapeUfuncOuter, DTBool, nin(2), out),
		row("histogram", Other, ShapeHistogram, DTFixed),
	}
}

// nextRules are the shape rules of the rows above.
func nextRules() map[ShapeRule]func(*Func, *Call) (Result, bool) {
	return map[ShapeRule]func(*Func, *Call) (Result, bool){
		ShapeSplitAxis: splitAxis, ShapeArraySplit: arraySplit, ShapeRollaxis: rollaxis, ShapeRot90: rot90,
		ShapeChoose: choose, ShapeLexsort: lexsort, ShapeRavelMulti: ravelMulti, ShapeTriIndices: triIndices,
		ShapeVander: vander, ShapeTriMatrix: triMatrix, ShapeEdiff1d: ediff1d, ShapeTrapz: trapz,
		ShapeNanCum: nanCum, ShapeSetUnion: union1d, ShapeIntersect: intersect1d, ShapeAsfarray: asfarray,
		ShapeUfuncOuter: ufuncOuter, ShapeHistogram: histogram,
	}
}

// splitAxis gives vsplit (ArgN 0), hsplit (1; 0 for a 1-D array) and dsplit (2): split along that
// axis into k equal views.
func splitAxis(f *Func, c *Call) (Result, bool) {
	a := firstArray(c)
	if a.Kind != ArgArray || a.Shape == nil || len(c.Args) != 2 || len(c.Kw) > 0 {
		return Result{}, false
	}
	ax := int64(f.ArgN)
	if f.ArgN == 1 && len(a.Shape) == 1 {
		ax = 0
	}
	if int(ax) >= len(a.Shape) || (f.ArgN == 0 && len(a.Shape) < 2) {
		return Result{}, false // NumPy raises
	}
	return (&Func{Rule: ShapeSplit}).shapes(&Call{Args: []Arg{a, c.Args[1], {Kind: ArgScalar, DType: WeakInt, N: ax, Known: true}}})
}

// arraySplit gives np.array_split(a, k, axis=0): k views along axis, the first n % k of them one
// longer.
func arraySplit(_ *Func, c *Call) (Result, bool) {
	a := firstArray(c)
	k, ok1 := intArg(c.Arg(1, "indices_or_sections"), -1)
	axv, ok2 := intArg(c.Arg(2, "axis"), 0)
	if a.Kind != ArgArray || a.Shape == nil || c.Arg(1, "indices_or_sections").Kind != ArgScalar || !ok1 || !ok2 || k <= 0 {
		return Result{}, false
	}
	i, ok := normAxis(axv, len(a.Shape))
	if !ok || !a.Shape[i].Known {
		return Result{}, false
	}
	n := a.Shape[i].N
	r := Result{Tuple: true}
	for j := int64(0); j < k; j++ {
		part := clone(a.Shape)
		part[i] = Int(n / k)
		if j < n%k {
			part[i] = Int(n/k + 1)
		}
		r.Outs = append(r.Outs, Out{Shape: part, View: true})
	}
	return r, true
}

// rollaxis gives np.rollaxis(a, axis, start=0): axis moved to before start (a view).
func rollaxis(_ *Func, c *Call) (Result, bool) {
	a := firstArray(c)
	axv, ok1 := intArg(c.Arg(1, "axis"), 0)
	st, ok2 := intArg(c.Arg(2, "start"), 0)
	if a.Kind != ArgArray || a.Shape == nil || c.Arg(1, "axis").Kind != ArgScalar || !ok1 || !ok2 {
		return Result{}, false
	}
	n := len(a.Shape)
	i, ok := normAxis(axv, n)
	if st < 0 {
		st += int64(n)
	}
	if !ok || st < 0 || st > int64(n) {
		return Result{}, false
	}
	j := int(st)
	if i < j {
		j--
	}
	rest := append(clone(a.Shape[:i]), a.Shape[i+1:]...)
	out := append(append(clone(rest[:j]), a.Shape[i]), rest[j:]...)
	r := one(out)
	r.Strided = i != j
	return r, true
}

// rot90 gives np.rot90(m, k=1) in the first two axes: a view, those axes swapped for odd k.
func rot90(_ *Func, c *Call) (Result, bool) {
	m := firstArray(c)
	k, ok := intArg(c.Arg(1, "k"), 1)
	if m.Kind != ArgArray || len(m.Shape) < 2 || !ok || !only(c, "k") {
		return Result{}, false
	}
	out := clone(m.Shape)
	if k%2 != 0 {
		out[0], out[1] = out[1], out[0]
	}
	r := one(out)
	r.Strided = k%4 != 0
	return r, true
}

// choose gives np.choose(a, choices): the broadcast of the index array and the choices, in the
// choices' common dtype.
func choose(_ *Func, c *Call) (Result, bool) {
	a, ch := c.Arg(0, "a"), c.Arg(1, "choices")
	if a.Kind != ArgArray || ch.Kind != ArgSeq || len(ch.Elems) == 0 || !only(c, "out", "mode") {
		return Result{}, false
	}
	sh, ok := broadcastElems(clone(a.Shape), ch.Elems)
	if !ok {
		return Result{}, false
	}
	dt := ch.Elems[0].DType
	for _, e := range ch.Elems[1:] {
		dt = Promote(dt, e.DType)
	}
	if !dt.Default().Known() {
		return Result{}, false
	}
	return Result{Outs: []Out{{Shape: sh, DType: dt.Default(), fixed: true}}}, true
}

// broadcastElems broadcasts sh with the shapes of a sequence's arrays and numbers (0-d); false
// when an element is neither.
func broadcastElems(sh []Dim, elems []Arg) ([]Dim, bool) {
	for _, e := range elems {
		switch e.Kind {
		case ArgArray:
			sh = Broadcast(sh, e.Shape)
		case ArgScalar:
		default:
			return nil, false
		}
	}
	return sh, true
}

// lexsort gives np.lexsort(keys): indices of the keys' length (a sequence of arrays, or the rows
// of a 2-D array).
func lexsort(_ *Func, c *Call) (Result, bool) {
	k := c.Arg(0, "keys")
	if !only(c, "axis") || (c.Arg(1, "axis").Kind != ArgMissing) {
		return Result{}, false
	}
	switch {
	case k.Kind == ArgSeq && len(k.Elems) > 0 && k.Elems[0].Kind == ArgArray:
		return one(clone(k.Elems[0].Shape)), true
	case k.Kind == ArgArray && len(k.Shape) >= 2:
		return one(clone(k.Shape[1:])), true
	}
	return Result{}, false
}

// ravelMulti gives np.ravel_multi_index(multi_index, dims): flat indices of the broadcast shape
// of the index arrays.
func ravelMulti(_ *Func, c *Call) (Result, bool) {
	mi := c.Arg(0, "multi_index")
	if mi.Kind != ArgSeq || len(mi.Elems) == 0 {
		return Result{}, false
	}
	sh, ok := broadcastElems([]Dim{}, mi.Elems)
	if !ok {
		return Result{}, false
	}
	if len(sh) == 0 {
		return scalar(), true
	}
	return one(sh), true
}

// triIndices gives np.triu_indices(n, k=0, m=None) (Mode "upper": the (i, j) with j >= i + k) and
// np.tril_indices (j <= i + k): two index arrays of that count, selected with an (n, m) bool
// mask.
func triIndices(f *Func, c *Call) (Result, bool) {
	n, ok1 := intArg(c.Arg(0, "n"), -1)
	k, ok2 := intArg(c.Arg(1, "k"), 0)
	m, ok3 := intArg(c.Arg(2, "m"), n)
	if !ok1 || !ok2 || !ok3 || n < 0 || m < 0 || !only(c, "k", "m") {
		return Result{}, false
	}
	var count int64
	for i := int64(0); i < n; i++ {
		lo, hi := int64(0), m // the j of row i, [lo, hi)
		if f.Mode == "upper" {
			lo = max(i+k, 0)
		} else {
			hi = min(i+k+1, m)
		}
		count += max(min(hi, m)-lo, 0)
	}
	out := Out{Shape: []Dim{Int(count)}}
	r := Result{Outs: []Out{out, out}, Tuple: true}
	r.TempBytes = n * m
	return r, true
}

// vander gives np.vander(x, N=None): (len(x), N), N defaulting to len(x), in x's dtype promoted
// with int64.
func vander(_ *Func, c *Call) (Result, bool) {
	x := c.Arg(0, "x")
	if x.Kind != ArgArray || len(x.Shape) != 1 || !x.DType.Known() || !only(c, "N", "increasing") {
		return Result{}, false
	}
	n := x.Shape[0]
	if nv := c.Arg(1, "N"); nv.Kind != ArgMissing && nv.Kind != ArgNone {
		v, ok := intArg(nv, -1)
		if !ok || v < 0 {
			return Result{}, false
		}
		n = Int(v)
	}
	return Result{Outs: []Out{{Shape: []Dim{x.Shape[0], n}, DType: Promote(x.DType, Int64), fixed: true}}}, true
}

// triMatrix gives np.tri(N, M=None, k=0, dtype=float): (N, M), made as a bool comparison
// (greater_equal.outer) and cast to dtype (the bool array itself for dtype=bool).
func triMatrix(f *Func, c *Call) (Result, bool) {
	n, ok1 := intArg(c.Arg(0, "N"), -1)
	m, ok2 := intArg(c.Arg(1, "M"), n)
	if !ok1 || !ok2 || n < 0 || m < 0 || !only(c, "M", "k", "dtype", "like") {
		return Result{}, false
	}
	r := one([]Dim{Int(n), Int(m)})
	if dt, ok := f.givenDType(c); !ok || dt != Bool {
		r.TempBytes = n * m
	}
	return r, true
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
	r, ok := (&Func{Rule: ShapeCum, AxisArg: f.AxisArg}).shapes(c)
	if n, sized := Size(a.Shape); ok && sized && (a.DType.Kind() == 'f' || a.DType.Kind() == 'c') {
		r.TempBytes = SatMul(n, a.DType.ItemSize()+1)
	}
	return r, ok
}

// union1d gives np.union1d(ar1, ar2): unique of both flattened and joined, at most their total
// size; the join (in the promoted dtype) and unique's copy and masks are the temporaries.
func union1d(_ *Func, c *Call) (Result, bool) {
	a, b := c.Arg(0, "ar1"), c.Arg(1, "ar2")
	n1, d1, ok1 := sizeDType(a)
	n2, d2, ok2 := sizeDType(b)
	if !ok1 || !ok2 || len(c.Kw) > 0 {
		return Result{}, false
	}
	dt := Promote(d1, d2)
	if !dt.Known() {
		return Result{}, false
	}
	n := n1 + n2
	r := Result{Outs: []Out{{Shape: []Dim{{}}, DType: dt, fixed: true, Bound: n}}}
	r.TempBytes = SatAdd(SatMul(2, NBytes(n, dt)), SatMul(2, n))
	return r, true
}

// intersect1d gives np.intersect1d(ar1, ar2): at most ar1's unique values; unique(ar1)'s copy and
// masks are the row's temporaries (the later ones depend on how many values are unique).
func intersect1d(_ *Func, c *Call) (Result, bool) {
	a, b := c.Arg(0, "ar1"), c.Arg(1, "ar2")
	n1, d1, ok1 := sizeDType(a)
	_, d2, ok2 := sizeDType(b)
	uniq, ok3 := boolArg(c.Arg(2, "assume_unique"), false)
	idx, ok4 := boolArg(c.Arg(3, "return_indices"), false)
	if !ok1 || !ok2 || !ok3 || !ok4 || uniq || idx || a.Kind != ArgArray {
		return Result{}, false
	}
	dt := Promote(d1, d2)
	if !dt.Known() {
		return Result{}, false
	}
	return Result{Outs: []Out{{Shape: []Dim{{}}, DType: dt, fixed: true, Bound: n1}}}, true
}

// sizeDType returns the number of elements and the dtype (as np.asarray makes it) of an array
// or a flat list of numbers.
func sizeDType(a Arg) (int64, DType, bool) {
	if a.Kind == ArgArray {
		n, ok := Size(a.Shape)
		return n, a.DType, ok && a.DType.Known()
	}
	return seqOrArray1D(a)
}

// asfarray gives np.asfarray(a, dtype=float64): a itself when it already has that (inexact)
// dtype, else a copy in it; a dtype that is not inexact means float64.
func asfarray(f *Func, c *Call) (Result, bool) {
	a := firstArray(c)
	if a.Kind != ArgArray || !a.DType.Known() || !only(c, "dtype") {
		return Result{}, false
	}
	dt := Float64
	if d, ok := f.givenDType(c); ok {
		if d.Kind() != 'f' && d.Kind() != 'c' {
			return Result{}, false // NumPy uses float64 for it; the table would take it as given
		}
		dt = d
	}
	o := Out{Shape: clone(a.Shape), DType: dt, fixed: true, View: a.DType == dt}
	return Result{Outs: []Out{o}}, true
}

// ufuncOuter gives ufunc.outer(a, b): a.shape + b.shape (a number's shape is ()).
func ufuncOuter(_ *Func, c *Call) (Result, bool) {
	var dims []Dim
	for i, name := range []string{"A", "B"} {
		switch a := c.Arg(i, name); a.Kind {
		case ArgArray:
			if a.Shape == nil {
				return Result{}, false
			}
			dims = append(dims, a.Shape...)
		case ArgScalar:
		default:
			return Result{}, false
		}
	}
	return one(dims), true
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

// histogramBlock is the number of elements NumPy's histogram works on at a time with equal-width
// bins (numpy/lib/histograms.py's BLOCK).
const histogramBlock = 65536

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
