package npapi

// This file holds the rows of joins: concatenate, the stacks, append, block, tile and repeat, and
// their shape rules.

// joinsRows are the rows of joins.
var joinsRows = []*Func{
	row("append", Join, ShapeAppend, DTSame),
	row("block", Join, ShapeBlock, DTSame),
	row("column_stack", Join, ShapeJoin, DTSame),
	row("concatenate", Join, ShapeJoin, DTSame, out),
	row("dstack", Join, ShapeJoin, DTSame),
	row("hstack", Join, ShapeJoin, DTSame),
	row("repeat", Join, ShapeRepeat, DTSame, axis(2)),
	row("stack", Join, ShapeJoin, DTSame, out),
	row("tile", Join, ShapeTile, DTSame),
	row("vstack", Join, ShapeJoin, DTSame),
}

// joinsShapes are the shape rules of joins.
var joinsShapes = shapeRules{
	ShapeAppend: appendRule,
	ShapeBlock:  plain(block),
	ShapeJoin:   joinRule,
	ShapeRepeat: onRank(repeatRule),
	ShapeTile:   onRank(tileRule),
}

// appendRule applies ShapeAppend: flattened concatenation (axis=None) or along axis.
func appendRule(_ *Func, c *Call) (Result, bool) {
	return appendShape(c)
}

// joinRule applies ShapeJoin: concatenate, stack, vstack, hstack, dstack, column_stack.
func joinRule(f *Func, c *Call) (Result, bool) {
	return join(f, c)
}

// repeatRule applies ShapeRepeat: flattened and repeated (axis=None) or repeated along axis.
func repeatRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	k, ok := intArg(c.Arg(1, "repeats"), -1)
	if !ok || k < 0 {
		return Result{}, false
	}
	ax := c.Arg(2, "axis")
	if ax.Kind == ArgMissing || ax.Kind == ArgNone {
		n, ok := Size(s)
		if !ok {
			return one([]Dim{{}}), true
		}
		return one([]Dim{Int(n * k)}), true
	}
	axv, ok1 := intArg(ax, 0)
	i, ok2 := normAxis(axv, nd)
	if !ok1 || !ok2 {
		return Result{}, false
	}
	out := clone(s)
	if out[i].Known {
		out[i] = Int(out[i].N * k)
	} else {
		out[i] = Dim{}
	}
	return one(out), true
}

// tileRule applies ShapeTile: the first argument tiled reps times.
func tileRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	return tile(s, a.DType, c.Arg(1, "reps"))
}

// tile repeats s reps times (an int or a tuple of ints, aligned to the right). NumPy repeats one
// dimension at a time: the array before the last repeat is alive while the last is made.
func tile(s []Dim, dt DType, reps Arg) (Result, bool) {
	var rs []int64
	switch reps.Kind {
	case ArgScalar:
		if !reps.Known {
			return Result{}, false
		}
		rs = []int64{reps.N}
	case ArgSeq:
		for _, e := range reps.Elems {
			if e.Kind != ArgScalar || !e.Known {
				return Result{}, false
			}
			rs = append(rs, e.N)
		}
	default:
		return Result{}, false
	}
	n := max(len(s), len(rs))
	out := make([]Dim, n)
	for i := range out {
		d, r := Int(1), int64(1)
		if j := i - (n - len(s)); j >= 0 {
			d = s[j]
		}
		if j := i - (n - len(rs)); j >= 0 {
			r = rs[j]
		}
		if d.Known {
			out[i] = Int(d.N * r)
		}
	}
	res := one(out)
	last, nonOne := int64(1), 0
	for _, r := range rs {
		if r != 1 {
			last, nonOne = r, nonOne+1
		}
	}
	if total, ok := Size(out); ok && nonOne >= 2 {
		res.TempBytes = NBytes(total/last, dt)
	}
	return res, true
}

// appendShape gives np.append(arr, values): flattened (axis=None) or concatenated along axis.
func appendShape(c *Call) (Result, bool) {
	a, v := c.Arg(0, "arr"), c.Arg(1, "values")
	if a.Kind != ArgArray || (v.Kind != ArgArray && v.Kind != ArgScalar) {
		return Result{}, false
	}
	vs := v.Shape
	if v.Kind == ArgScalar {
		vs = []Dim{}
	}
	dt := Promote(a.DType, v.DType).Default()
	if !dt.Known() {
		dt = NoDType
	}
	ax := c.Arg(2, "axis")
	if ax.Kind != ArgMissing && ax.Kind != ArgNone {
		return join(&Func{Name: "concatenate"}, &Call{Args: []Arg{{Kind: ArgSeq, Elems: []Arg{a, {Kind: ArgArray, Shape: vs, DType: v.DType}}}, ax}})
	}
	n, ok1 := Size(a.Shape)
	m, ok2 := Size(vs)
	d := Dim{}
	if ok1 && ok2 {
		d = Int(n + m)
	}
	return Result{Outs: []Out{{Shape: []Dim{d}, DType: dt, fixed: true}}}, true
}

// join gives concatenate, stack, vstack, hstack, dstack and column_stack of a sequence of arrays.
func join(f *Func, c *Call) (Result, bool) {
	seq := c.Arg(0, "arrays")
	if seq.Kind == ArgMissing {
		seq = c.Arg(0, "tup")
	}
	if seq.Kind == ArgArray && len(seq.Shape) > 0 && seq.Shape[0].Known && seq.Shape[0].N <= 1024 {
		// an array is the sequence of its first axis's slices (np.dstack(np.mgrid[…]))
		elems := make([]Arg, seq.Shape[0].N)
		for i := range elems {
			elems[i] = Arg{Kind: ArgArray, Shape: seq.Shape[1:], DType: seq.DType}
		}
		seq = Arg{Kind: ArgSeq, Elems: elems}
	}
	if seq.Kind != ArgSeq || len(seq.Elems) == 0 || !only(c, "axis", "dtype", "casting") {
		return Result{}, false
	}
	dt := NoDType
	var shapes [][]Dim
	for i, e := range seq.Elems {
		e, ok := ArrayLike(e)
		if !ok {
			return Result{}, false
		}
		if i == 0 {
			dt = e.DType
		} else {
			dt = Promote(dt, e.DType)
		}
		shapes = append(shapes, e.Shape)
	}
	res := func(s []Dim) (Result, bool) {
		return Result{Outs: []Out{{Shape: s, DType: dt, fixed: true}}}, true
	}
	axis, ok := intArg(c.Arg(1, "axis"), 0)
	if !ok {
		return res(nil)
	}
	first := shapes[0]
	if first == nil {
		return res(nil)
	}
	switch f.Name {
	case "stack":
		nd := int64(len(first))
		if axis < 0 {
			axis += nd + 1
		}
		if axis < 0 || axis > nd {
			return Result{}, false
		}
		out := append(clone(first[:axis]), Int(int64(len(shapes))))
		return res(append(out, first[axis:]...))
	case "vstack":
		if len(first) == 1 {
			return res([]Dim{Int(int64(len(shapes))), first[0]})
		}
		axis = 0
	case "hstack":
		axis = 0
		if len(first) > 1 {
			axis = 1
		}
	case "column_stack":
		if len(first) == 1 {
			return res([]Dim{first[0], Int(int64(len(shapes)))})
		}
		axis = 1
	case "dstack":
		// atleast_3d: (n,) is (1, n, 1) and (r, c) is (r, c, 1)
		for i, s := range shapes {
			switch len(s) {
			case 0:
				shapes[i] = []Dim{Int(1), Int(1), Int(1)}
			case 1:
				shapes[i] = []Dim{Int(1), s[0], Int(1)}
			case 2:
				shapes[i] = []Dim{s[0], s[1], Int(1)}
			}
		}
		first = shapes[0]
		axis = 2
	}
	i, ok := normAxis(axis, len(first))
	if !ok {
		return Result{}, false
	}
	out := clone(first)
	total := Const(0)
	for _, s := range shapes {
		if s == nil || len(s) != len(first) {
			total = nil
			break
		}
		total = total.Add(s[i].Expr())
	}
	out[i] = SymDim(total)
	return res(out)
}

// block gives np.block(arrays): nested lists of arrays (all at one depth d), each padded with
// leading 1s to max(d, ndim) dimensions, joined along the last axis at the innermost lists, the
// one before it a level up, and so on. NumPy assembles a result of at most 2·512·512 elements
// per list level by concatenation (its parts, the result's size, are alive with it) and larger
// ones by slice assignment (no temporaries).
func block(c *Call) (Result, bool) {
	top := c.Arg(0, "arrays")
	if top.Kind != ArgSeq || !only(c) {
		return Result{}, false
	}
	depth, nd, dt := -1, 0, NoDType
	first := true
	var walk func(a Arg, d int) bool
	walk = func(a Arg, d int) bool {
		switch a.Kind {
		case ArgSeq:
			if len(a.Elems) == 0 {
				return false
			}
			for _, e := range a.Elems {
				if !walk(e, d+1) {
					return false
				}
			}
			return true
		case ArgArray, ArgScalar:
			if (depth >= 0 && depth != d) || (a.Kind == ArgArray && a.Shape == nil) {
				return false
			}
			depth = d
			nd = max(nd, len(a.Shape))
			if first {
				dt, first = a.DType.Default(), false
			} else {
				dt = Promote(dt, a.DType.Default())
			}
			return true
		}
		return false
	}
	if !walk(top, 0) || depth < 1 {
		return Result{}, false
	}
	nd = max(nd, depth)
	var shape func(a Arg, level int) []Dim
	shape = func(a Arg, level int) []Dim {
		if a.Kind != ArgSeq {
			s := clone(a.Shape)
			for len(s) < nd {
				s = append([]Dim{Int(1)}, s...)
			}
			return s
		}
		axis := nd - (depth - level) // level 0 joins along -depth, the innermost along -1
		var out []Dim
		for i, e := range a.Elems {
			s := shape(e, level+1)
			if i == 0 {
				out = s
				continue
			}
			if out[axis].Known && s[axis].Known {
				out[axis] = Int(out[axis].N + s[axis].N)
			} else {
				out[axis] = Dim{}
			}
		}
		return out
	}
	out := shape(top, 0)
	if !dt.Known() {
		dt = NoDType
	}
	r := Result{Outs: []Out{{Shape: out, DType: dt, fixed: true}}}
	if n, ok := Size(out); ok && depth >= 2 && int64(depth)*n <= 2*512*512 {
		r.TempBytes = NBytes(n, dt)
	}
	return r, true
}

// blockLeaf is one array (or number) of a np.block argument with its list depth.
type blockLeaf struct {
	arg   Arg
	depth int
}
