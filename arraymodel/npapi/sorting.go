package npapi

// This file holds the rows of sorting, searching and sets, and their shape rules.

// sortingRows are the rows of sorting, searching and sets.
var sortingRows = []*Func{
	row("argpartition", Other, ShapeSort, DTIndex, axis(2)),
	row("argsort", Other, ShapeSort, DTIndex, axis(1)),
	row("in1d", Other, ShapeFlatBool, DTBool, temps(Temp{OfInput, 1, itemBool}), removed2("`np.isin`")),
	row("intersect1d", Other, ShapeIntersect, DTSame, temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 2, itemBool})),
	// isin / in1d with a short test list: mask |= (ar1 == v) per value.
	row("isin", Other, ShapeSame, DTBool, temps(Temp{OfInput, 1, itemBool})),
	row("lexsort", Other, ShapeLexsort, DTIndex),
	row("partition", Other, ShapeSort, DTSame, axis(2)),
	row("searchsorted", Other, ShapeOfArg, DTIndex, argN(1)),
	row("setdiff1d", Other, ShapeSetdiff, DTSame, temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 2, itemBool})),
	// sort copies then sorts in place; argsort/argpartition give indices.
	row("sort", Other, ShapeSort, DTSame, axis(1)),
	// union1d is unique(concatenate((ar1, ar2), axis=None)); intersect1d takes unique of
	// each input first.
	row("union1d", Other, ShapeSetUnion, DTSame),
	// unique flattens a copy, sorts it and builds a bool mask from aux[1:] != aux[:-1]; its
	// size depends on the values.
	row("unique", Other, ShapeUnique, DTSame, temps(Temp{OfInput, 1, itemOwn}, Temp{OfInput, 2, itemBool})),
}

// sortingShapes are the shape rules of sorting, searching and sets.
var sortingShapes = shapeRules{
	ShapeFlatBool:  onArray(flatBoolRule),
	ShapeIntersect: intersect1d,
	ShapeLexsort:   lexsort,
	ShapeSetUnion:  union1d,
	ShapeSetdiff:   plain(setdiff),
	ShapeSort:      onArray(sortRule),
	ShapeUnique:    onRank(uniqueRule),
}

// flatBoolRule applies ShapeFlatBool: the first argument flattened (in1d).
func flatBoolRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	return one(flat(s)), true
}

// sortRule applies ShapeSort: the first argument's shape; axis=None: flattened.
func sortRule(f *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	if c.Arg(f.AxisArg, "axis").Kind == ArgNone {
		return one(flat(s)), true
	}
	return one(clone(s)), true
}

// uniqueRule applies ShapeUnique: 1-D, at most the input's size: the size depends on the values.
func uniqueRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	for _, k := range []string{"return_index", "return_inverse", "return_counts"} {
		if v, ok := boolArg(c.Arg(-1, k), false); !ok || v {
			return Result{}, false
		}
	}
	if ax := c.Arg(-1, "axis"); ax.Kind != ArgMissing && ax.Kind != ArgNone {
		return Result{}, false
	}
	n, _ := Size(s)
	return Result{Outs: []Out{{Shape: []Dim{{}}, Bound: n}}}, true
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

// setdiff gives np.setdiff1d(ar1, ar2): the unique values of ar1 not in ar2, 1-D, at most ar1's
// size (the row's temporaries are unique's); jax.numpy's size= fixes it. assume_unique=True is
// not modelled.
func setdiff(c *Call) (Result, bool) {
	a, b := c.Arg(0, "ar1"), c.Arg(1, "ar2")
	uniq, ok := boolArg(c.Arg(2, "assume_unique"), false)
	if a.Kind != ArgArray || b.Kind == ArgMissing || !ok || uniq || !only(c, "assume_unique", "size", "fill_value") {
		return Result{}, false
	}
	if size, ok := intArg(c.Arg(-1, "size"), -1); ok && size >= 0 {
		return one([]Dim{Int(size)}), true // jax.numpy's size= fixes the length
	}
	n, _ := Size(a.Shape)
	return Result{Outs: []Out{{Shape: []Dim{{}}, Bound: n}}}, true
}
