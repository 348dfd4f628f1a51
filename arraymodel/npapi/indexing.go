package npapi

// This file holds the rows of indexing: index-producing functions, gathers and scatters, and their
// shape rules.

// indexingRows are the rows of indexing.
var indexingRows = []*Func{
	row("argwhere", Index, ShapeNone, DTSame),
	row("choose", Gather, ShapeChoose, DTSame, out),
	row("compress", Gather, ShapeSelect, DTSame, out, argN(1)),
	row("copyto", Scatter, ShapeNone, DTSame),
	row("extract", Gather, ShapeSelect, DTSame, argN(1)),
	row("fill_diagonal", Scatter, ShapeSame, DTSame, inPlace),
	row("flatnonzero", Index, ShapeNone, DTSame),
	row("nonzero", Index, ShapeNone, DTSame),
	row("place", Scatter, ShapeNone, DTSame),
	row("put", Scatter, ShapeNone, DTSame),
	row("put_along_axis", Scatter, ShapeNone, DTSame),
	row("putmask", Scatter, ShapeNone, DTSame),
	row("ravel_multi_index", Other, ShapeRavelMulti, DTIndex),
	row("take", Gather, ShapeTake, DTSame, out),
	row("take_along_axis", Gather, ShapeOfArg, DTSame, argN(1)),
	row("tril_indices", Other, ShapeTriIndices, DTIndex, mode("lower")),
	row("triu_indices", Other, ShapeTriIndices, DTIndex, mode("upper")),
	row("unravel_index", Other, ShapeUnravel, DTIndex),
	// where with one argument only (the three-argument form is elementwise).
	row("where", Index, ShapeNone, DTSame),
}

// indexingShapes are the shape rules of indexing.
var indexingShapes = shapeRules{
	ShapeChoose:     choose,
	ShapeRavelMulti: ravelMulti,
	ShapeSelect:     onArray(selectRule),
	ShapeTake:       onArray(takeRule),
	ShapeTriIndices: triIndices,
	ShapeUnravel:    unravelRule,
}

// selectRule applies ShapeSelect: 1-D, one element per True of the condition: the size depends on
// the values.
func selectRule(f *Func, c *Call, a Arg) (Result, bool) {
	// the data is argument ArgN, the condition the other of the first two
	data, cond := c.Arg(f.ArgN, ""), c.Arg(1-f.ArgN, "condition")
	if data.Kind != ArgArray || cond.Kind != ArgArray || !only(c, "out") {
		return Result{}, false
	}
	n, _ := Size(cond.Shape)
	return Result{Outs: []Out{{Shape: []Dim{{}}, DType: data.DType, fixed: true, Bound: n}}}, true
}

// takeRule applies ShapeTake: take: the indices' shape (axis=None) or spliced in at axis.
func takeRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	return take(s, c)
}

// unravelRule applies ShapeUnravel: one index array per dimension of the shape, each shaped like
// the indices.
func unravelRule(_ *Func, c *Call) (Result, bool) {
	idx, sh := c.Arg(0, "indices"), c.Arg(1, "shape")
	if sh.Kind != ArgSeq || (idx.Kind != ArgArray && idx.Kind != ArgScalar) || !only(c, "order") {
		return Result{}, false
	}
	r := Result{Tuple: true}
	for range sh.Elems {
		if idx.Kind == ArgScalar {
			return Result{}, false // a tuple of scalars
		}
		r.Outs = append(r.Outs, Out{Shape: clone(idx.Shape)})
	}
	return r, true
}

// take gives np.take(a, indices, axis=None): the indices' shape, or a's with the axis replaced by
// them.
func take(s []Dim, c *Call) (Result, bool) {
	idx := c.Arg(1, "indices")
	var is []Dim
	switch idx.Kind {
	case ArgArray:
		is = idx.Shape
	case ArgScalar:
		is = []Dim{}
	case ArgSeq:
		is = []Dim{Int(int64(len(idx.Elems)))}
	default:
		return Result{}, false
	}
	ax := c.Arg(2, "axis")
	if ax.Kind == ArgMissing || ax.Kind == ArgNone {
		if is == nil {
			return one(nil), true
		}
		return one(clone(is)), true
	}
	axv, ok1 := intArg(ax, 0)
	i, ok2 := normAxis(axv, len(s))
	if !ok1 || !ok2 || s == nil {
		return Result{}, false
	}
	if is == nil {
		return one(nil), true
	}
	out := append(clone(s[:i]), is...)
	return one(append(out, s[i+1:]...)), true
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
