package npapi

// This file holds the rows of array manipulation: the views and copies that reshape, transpose,
// flip, pad, split or edit an array, and their shape rules.

// manipulationRows are the rows of array manipulation.
var manipulationRows = []*Func{
	row("array_split", View, ShapeArraySplit, DTSame, view),
	row("atleast_1d", View, ShapeAtleast, DTSame, argN(1), view),
	row("atleast_2d", View, ShapeAtleast, DTSame, argN(2), view),
	row("atleast_3d", View, ShapeAtleast, DTSame, argN(3), view),
	row("broadcast_arrays", View, ShapeBroadcastArrays, DTSame, view),
	row("broadcast_to", View, ShapeBroadcastTo, DTSame, view),
	row("delete", Other, ShapeDelete, DTSame),
	row("diag", Other, ShapeDiag, DTSame),
	row("diagonal", View, ShapeDiagonal, DTSame, view),
	row("dsplit", View, ShapeSplitAxis, DTSame, argN(2), view),
	row("expand_dims", View, ShapeExpandDims, DTSame, view),
	row("flip", View, ShapeSame, DTSame, view),
	row("fliplr", View, ShapeSame, DTSame, view),
	row("flipud", View, ShapeSame, DTSame, view),
	row("hsplit", View, ShapeSplitAxis, DTSame, argN(1), view),
	row("insert", Other, ShapeInsert, DTSame),
	row("lib.stride_tricks.as_strided", View, ShapeAsStrided, DTSame, view),
	row("moveaxis", View, ShapeMoveaxis, DTSame, view),
	row("pad", Other, ShapePad, DTSame),
	row("ravel", View, ShapeRavel, DTSame, view),
	row("real", View, ShapeSame, DTReal, view),
	row("reshape", View, ShapeReshape, DTSame, view),
	row("resize", Other, ShapeBroadcastTo, DTSame),
	row("roll", Other, ShapeSame, DTSame),
	row("rollaxis", View, ShapeRollaxis, DTSame, view),
	row("rot90", View, ShapeRot90, DTSame, view),
	row("split", View, ShapeSplit, DTSame, view),
	row("squeeze", View, ShapeSqueeze, DTSame, view),
	row("swapaxes", View, ShapeSwapaxes, DTSame, view),
	row("transpose", View, ShapeTranspose, DTSame, view),
	row("tril", Other, ShapeTri, DTSame, temps(Temp{OfInput, 1, itemBool})),
	// triu/tril build a bool mask with tri() and select with where(mask, 0, m).
	row("triu", Other, ShapeTri, DTSame, temps(Temp{OfInput, 1, itemBool})),
	row("vsplit", View, ShapeSplitAxis, DTSame, argN(0), view),
}

// manipulationShapes are the shape rules of array manipulation.
var manipulationShapes = shapeRules{
	ShapeArraySplit:      arraySplit,
	ShapeAsStrided:       plain(asStrided),
	ShapeAtleast:         onKnownRank(atleastRule),
	ShapeBroadcastArrays: broadcastArraysRule,
	ShapeBroadcastTo:     onArray(broadcastToRule),
	ShapeDelete:          onRank(deleteRule),
	ShapeDiag:            onKnownRank(diagRule),
	ShapeDiagonal:        onRank(diagonalRule),
	ShapeExpandDims:      onRank(expandDimsRule),
	ShapeInsert:          plain(insert),
	ShapeMoveaxis:        onRank(moveaxisRule),
	ShapePad:             onRank(padRule),
	ShapeRavel:           onArray(ravelRule),
	ShapeReshape:         onArray(reshapeRule),
	ShapeRollaxis:        rollaxis,
	ShapeRot90:           rot90,
	ShapeSplit:           onRank(splitRule),
	ShapeSplitAxis:       splitAxis,
	ShapeSqueeze:         onKnownRank(squeezeRule),
	ShapeSwapaxes:        onRank(swapaxesRule),
	ShapeTranspose:       onArray(transposeRule),
}

// atleastRule applies ShapeAtleast: at least ArgN dimensions (atleast_1d/2d/3d).
func atleastRule(f *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	if len(c.Args) != 1 || nd >= f.ArgN {
		return one(clone(s)), true
	}
	switch {
	case nd == 0:
		return one(ones(f.ArgN)), true
	case f.ArgN == 2 || nd == 2:
		out := clone(s)
		if nd == 1 {
			out = []Dim{Int(1), s[0]}
		}
		if f.ArgN == 3 {
			out = append(out, Int(1))
		}
		return one(out), true
	}
	return Result{}, false
}

// broadcastArraysRule applies ShapeBroadcastArrays: one view per argument, of the broadcast shape.
func broadcastArraysRule(_ *Func, c *Call) (Result, bool) {
	var sh []Dim = []Dim{}
	for _, x := range c.Args {
		if x.Kind != ArgArray {
			return Result{}, false
		}
		sh = Broadcast(sh, x.Shape)
	}
	r := Result{Tuple: true}
	for _, x := range c.Args {
		r.Outs = append(r.Outs, Out{Shape: clone(sh), DType: x.DType, fixed: true, View: true})
	}
	return r, len(c.Kw) == 0
}

// broadcastToRule applies ShapeBroadcastTo: the shape argument.
func broadcastToRule(_ *Func, c *Call, a Arg) (Result, bool) {
	sh := c.Arg(1, "shape")
	switch sh.Kind {
	case ArgScalar:
		return one([]Dim{scalarDim(sh)}), true
	case ArgSeq:
		out := make([]Dim, len(sh.Elems))
		for i, e := range sh.Elems {
			out[i] = scalarDim(e)
		}
		return one(out), true
	}
	return Result{}, false
}

// deleteRule applies ShapeDelete: one element (axis=None, flattened) or one slice along axis
// removed.
func deleteRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	obj := c.Arg(1, "obj")
	if obj.Kind != ArgScalar || !obj.Known {
		return Result{}, false // a slice or index array: the size depends on them
	}
	ax := c.Arg(2, "axis")
	if ax.Kind == ArgMissing || ax.Kind == ArgNone {
		n, ok := Size(s)
		if !ok || n == 0 {
			return one([]Dim{{}}), true
		}
		return one([]Dim{Int(n - 1)}), true
	}
	axv, ok1 := intArg(ax, 0)
	i, ok2 := normAxis(axv, nd)
	if !ok1 || !ok2 {
		return Result{}, false
	}
	out := clone(s)
	out[i] = out[i].add(-1)
	return one(out), true
}

// diagRule applies ShapeDiag: 1-D (n): a new (n+|k|, n+|k|); 2-D: a view of the k-th diagonal.
func diagRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	k, ok := intArg(c.Arg(1, "k"), 0)
	if !ok {
		return Result{}, false
	}
	switch nd {
	case 1:
		d := s[0].add(abs64(k))
		return one([]Dim{d, d}), true
	case 2:
		var d Dim
		if s[0].Known && s[1].Known {
			if k >= 0 {
				d = Int(max(min(s[0].N, s[1].N-k), 0))
			} else {
				d = Int(max(min(s[0].N+k, s[1].N), 0))
			}
		}
		return Result{Outs: []Out{{Shape: []Dim{d}, View: true}}}, true
	}
	return Result{}, false
}

// diagonalRule applies ShapeDiagonal: (..., min(m, n)) diagonal of the last two axes.
func diagonalRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	if nd < 2 || len(c.Args) > 1 || len(c.Kw) > 0 {
		return Result{}, false
	}
	d := Dim{}
	if s[nd-2].Known && s[nd-1].Known {
		d = Int(min(s[nd-2].N, s[nd-1].N))
	}
	return one(append(clone(s[:nd-2]), d)), true
}

// expandDimsRule applies ShapeExpandDims: a length-1 dimension inserted at axis.
func expandDimsRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	ax := c.Arg(1, "axis")
	i, ok := normAxis(ax.N, nd+1)
	if ax.Kind != ArgScalar || !ax.Known || !ok {
		return Result{}, false
	}
	out := append(clone(s[:i]), Int(1))
	return one(append(out, s[i:]...)), true
}

// moveaxisRule applies ShapeMoveaxis: one axis moved.
func moveaxisRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	src, ok1 := intArg(c.Arg(1, "source"), 0)
	dst, ok2 := intArg(c.Arg(2, "destination"), 0)
	i, ok3 := normAxis(src, nd)
	j, ok4 := normAxis(dst, nd)
	if !ok1 || !ok2 || !ok3 || !ok4 || c.Arg(1, "source").Kind != ArgScalar {
		return Result{}, false
	}
	rest := append(clone(s[:i]), s[i+1:]...)
	out := append(clone(rest[:j]), s[i])
	r := one(append(out, rest[j:]...))
	r.Strided = i != j
	return r, true
}

// padRule applies ShapePad: each dimension grown by pad_width.
func padRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	return pad(s, c.Arg(1, "pad_width"))
}

// ravelRule applies ShapeRavel: flattened; a copy when the input is strided.
func ravelRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	r := one(flat(s))
	if a.Strided {
		r.copied = true
	}
	return r, true
}

// reshapeRule applies ShapeReshape: the shape argument(s), one -1 filled from the size; a copy when
// the input is strided.
func reshapeRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	r, ok := reshape(s, c)
	if ok && a.Strided {
		r.Outs[0].View, r.Outs[0].ViewOfCopy = false, true
		r.copied = true
	}
	return r, ok
}

// splitRule applies ShapeSplit: a list of views: split(a, k) into k equal sections along axis.
func splitRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	k := c.Arg(1, "indices_or_sections")
	axv, ok1 := intArg(c.Arg(2, "axis"), 0)
	i, ok2 := normAxis(axv, nd)
	if k.Kind != ArgScalar || !k.Known || k.N <= 0 || !ok1 || !ok2 {
		return Result{}, false
	}
	part := clone(s)
	if d := s[i]; d.Known && d.N%k.N == 0 {
		part[i] = Int(d.N / k.N)
	} else if d.Known {
		return Result{}, false // split raises; array_split's unequal parts are not modelled
	}
	r := Result{Tuple: true}
	for j := int64(0); j < k.N; j++ {
		r.Outs = append(r.Outs, Out{Shape: clone(part), View: true})
	}
	return r, true
}

// squeezeRule applies ShapeSqueeze: the length-1 dimensions (or axis=) removed.
func squeezeRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	ax := c.Arg(1, "axis")
	var out []Dim
	switch ax.Kind {
	case ArgMissing, ArgNone:
		for _, d := range s {
			if !d.Known {
				return one(nil), true
			}
			if d.N != 1 {
				out = append(out, d)
			}
		}
	case ArgScalar:
		i, ok := normAxis(ax.N, nd)
		if !ax.Known || !ok {
			return Result{}, false
		}
		out = append(clone(s[:i]), s[i+1:]...)
	default:
		return Result{}, false
	}
	return one(append([]Dim{}, out...)), true
}

// swapaxesRule applies ShapeSwapaxes: two axes exchanged.
func swapaxesRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	a1, ok1 := intArg(c.Arg(1, "axis1"), 0)
	a2, ok2 := intArg(c.Arg(2, "axis2"), 0)
	i, ok3 := normAxis(a1, nd)
	j, ok4 := normAxis(a2, nd)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return Result{}, false
	}
	out := clone(s)
	out[i], out[j] = out[j], out[i]
	r := one(out)
	r.Strided = i != j
	return r, true
}

// transposeRule applies ShapeTranspose: axes reversed, or permuted by axes=.
func transposeRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	if s == nil {
		return one(nil), true
	}
	var axes []Arg
	switch ax := c.Arg(1, "axes"); {
	case len(c.Args) > 2:
		axes = c.Args[1:] // a.transpose(1, 0, 2)
	case ax.Kind == ArgSeq:
		axes = ax.Elems
	case ax.Kind == ArgMissing || ax.Kind == ArgNone:
		out := make([]Dim, len(s))
		for i, d := range s {
			out[len(s)-1-i] = d
		}
		r := one(out)
		r.Strided = len(s) > 1
		return r, true
	default:
		return Result{}, false
	}
	if len(axes) != len(s) {
		return Result{}, false
	}
	out := make([]Dim, len(s))
	for i, x := range axes {
		v, ok1 := intArg(x, 0)
		j, ok2 := normAxis(v, len(s))
		if x.Kind != ArgScalar || !ok1 || !ok2 {
			return Result{}, false
		}
		out[i] = s[j]
	}
	r := one(out)
	r.Strided = true
	return r, true
}

// pad grows each dimension by its (before, after) pad widths: k, (b, a), ((b, a),) or one
// (b, a) pair per dimension.
func pad(s []Dim, w Arg) (Result, bool) {
	pair := func(a Arg) (int64, int64, bool) {
		switch a.Kind {
		case ArgScalar:
			if a.Known {
				return a.N, a.N, true
			}
		case ArgSeq:
			switch len(a.Elems) {
			case 1:
				if v := a.Elems[0]; v.Kind == ArgScalar && v.Known {
					return v.N, v.N, true
				}
			case 2:
				b, a2 := a.Elems[0], a.Elems[1]
				if b.Kind == ArgScalar && b.Known && a2.Kind == ArgScalar && a2.Known {
					return b.N, a2.N, true
				}
			}
		}
		return 0, 0, false
	}
	out := clone(s)
	if b, a, ok := pair(w); ok {
		for i := range out {
			out[i] = out[i].add(b + a)
		}
		return one(out), true
	}
	if w.Kind != ArgSeq {
		return Result{}, false
	}
	if len(w.Elems) == 1 {
		b, a, ok := pair(w.Elems[0])
		if !ok {
			return Result{}, false
		}
		for i := range out {
			out[i] = out[i].add(b + a)
		}
		return one(out), true
	}
	if len(w.Elems) != len(s) {
		return Result{}, false
	}
	for i, e := range w.Elems {
		b, a, ok := pair(e)
		if !ok {
			return Result{}, false
		}
		out[i] = out[i].add(b + a)
	}
	return one(out), true
}

// reshape reads reshape's shape: one argument (an int or a tuple), several ints (the method's
// a.reshape(m, n)), or shape=/newshape=; a single -1 is filled from the size.
func reshape(s []Dim, c *Call) (Result, bool) {
	var sh Arg
	switch {
	case len(c.Args) == 2:
		sh = c.Args[1]
	case len(c.Args) > 2:
		sh = Arg{Kind: ArgSeq, Elems: c.Args[1:]}
	default:
		sh = c.Arg(-1, "shape")
		if sh.Kind == ArgMissing {
			sh = c.Arg(-1, "newshape")
		}
	}
	elems := []Arg{sh}
	switch sh.Kind {
	case ArgSeq:
		elems = sh.Elems
	case ArgScalar:
	case ArgMissing:
		return Result{}, false
	default:
		return one(nil), true
	}
	out := make([]Dim, len(elems))
	free, prod := -1, int64(1)
	for i, e := range elems {
		if e.Kind == ArgScalar && e.Known && e.N == -1 && free < 0 {
			free = i
			continue
		}
		out[i] = scalarDim(e)
		if out[i].Known {
			prod *= out[i].N
		} else {
			prod = -1
		}
	}
	if free >= 0 {
		if n, ok := Size(s); ok && prod > 0 && n%prod == 0 {
			out[free] = Int(n / prod)
		}
	}
	return one(out), true
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
	return onRank(splitRule)(&Func{Rule: ShapeSplit}, &Call{Args: []Arg{a, c.Args[1], {Kind: ArgScalar, DType: WeakInt, N: ax, Known: true}}})
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

// asStrided gives numpy.lib.stride_tricks.as_strided(x, shape=None, strides=None): a view of
// shape= (x's shape when missing); with strides= it is not C-contiguous.
func asStrided(c *Call) (Result, bool) {
	x := c.Arg(0, "x")
	if x.Kind != ArgArray || !only(c, "shape", "strides", "subok", "writeable") {
		return Result{}, false
	}
	out := clone(x.Shape)
	if sh := c.Arg(1, "shape"); sh.Kind != ArgMissing && sh.Kind != ArgNone {
		var ok bool
		if out, ok = shapeArg(sh); !ok {
			return Result{}, false
		}
	}
	r := one(out)
	st := c.Arg(2, "strides")
	r.Strided = st.Kind != ArgMissing && st.Kind != ArgNone
	return r, true
}

// insert gives np.insert(arr, obj, values, axis=None) for one integer index obj: the axis (or
// the flattened array) grows by the length NumPy gives the values — array(values, ndmin=arr.ndim)
// with its first axis moved to axis. Index lists and slices are not modelled.
func insert(c *Call) (Result, bool) {
	arr, obj, vals := c.Arg(0, "arr"), c.Arg(1, "obj"), c.Arg(2, "values")
	if arr.Kind != ArgArray || arr.Shape == nil || obj.Kind != ArgScalar || !obj.Known || !obj.DType.IsInteger() || !only(c, "axis") {
		return Result{}, false
	}
	s, i := arr.Shape, 0
	if ax := c.Arg(3, "axis"); ax.Kind == ArgMissing || ax.Kind == ArgNone {
		s = flat(s)
	} else {
		v, ok1 := intArg(ax, 0)
		j, ok2 := normAxis(v, len(s))
		if !ok1 || !ok2 {
			return Result{}, false
		}
		i = j
	}
	var vs []Dim
	switch vals.Kind {
	case ArgScalar:
		vs = []Dim{}
	case ArgArray:
		vs = vals.Shape
	case ArgSeq:
		for _, e := range vals.Elems {
			if e.Kind != ArgScalar {
				return Result{}, false
			}
		}
		vs = []Dim{Int(int64(len(vals.Elems)))}
	}
	if vs == nil {
		return Result{}, false
	}
	for len(vs) < len(s) {
		vs = append([]Dim{Int(1)}, vs...) // ndmin
	}
	if i >= len(vs) {
		return Result{}, false
	}
	moved := append(clone(vs[1:i+1]), vs[0]) // moveaxis(values, 0, axis)
	out := clone(s)
	if n := moved[i]; n.Known && out[i].Known {
		out[i] = Int(out[i].N + n.N)
	} else {
		out[i] = Dim{}
	}
	return one(out), true
}
