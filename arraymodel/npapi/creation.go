package npapi

import (
	"math"
)

// This file holds the rows of array creation: constructors from a shape, the _like functions,
// ranges, conversions from data and grids, and their shape rules.

// creationRows are the rows of array creation.
var creationRows = []*Func{
	// arange: int64 for int bounds, float64 otherwise.
	row("arange", Range, ShapeArange, DTSame, dtypeArg(3)),
	row("array", Convert, ShapeNone, DTSame, dtypeArg(1)),
	row("asanyarray", Convert, ShapeNone, DTSame, dtypeArg(1)),
	row("asarray", Convert, ShapeNone, DTSame, dtypeArg(1)),
	// asarray_chkfinite returns its argument after checking isfinite(a).all().
	row("asarray_chkfinite", Convert, ShapeSame, DTSame, view, temps(Temp{OfInput, 1, itemBool})),
	row("ascontiguousarray", Convert, ShapeNone, DTSame, dtypeArg(1)),
	row("asfarray", Convert, ShapeAsfarray, DTFloat, removed2("`np.asarray(a, dtype=float)`")),
	row("asfortranarray", Convert, ShapeNone, DTSame, dtypeArg(1)),
	row("copy", Convert, ShapeNone, DTSame),
	row("empty", Constructor, ShapeFromArg, DTFixed, fixed(Float64), shape(0, "shape"), dtypeArg(1), fill),
	row("empty_like", Like, ShapeLike, DTSame, shape(-1, "shape"), dtypeArg(1), fill),
	row("eye", Constructor, ShapeEye, DTFixed, fixed(Float64), dtypeArg(3), argN(1)),
	row("frombuffer", Convert, ShapeNone, DTSame, fixed(Float64), dtypeArg(1)),
	row("fromfile", Convert, ShapeNone, DTSame, fixed(Float64), dtypeArg(1)),
	row("fromiter", Convert, ShapeNone, DTSame, dtypeArg(1)),
	// full's dtype is its fill value's.
	row("full", Constructor, ShapeFromArg, DTFill, shape(0, "shape"), dtypeArg(2), fill),
	row("full_like", Like, ShapeLike, DTSame, shape(-1, "shape"), dtypeArg(2), fill),
	row("genfromtxt", Convert, ShapeNone, DTSame, fixed(Float64), dtypeArg(1)),
	// logspace and geomspace raise a base to a linspace: one temporary of the result's size.
	row("geomspace", Range, ShapeLinspace, DTFixed, fixed(Float64), dtypeArg(4), argN(2), temps(Temp{OfResult, 1, itemOwn})),
	row("identity", Constructor, ShapeEye, DTFixed, fixed(Float64), dtypeArg(1)),
	row("indices", Other, ShapeIndices, DTFixed, fixed(Int64), dtypeKw),
	row("linspace", Range, ShapeLinspace, DTFixed, fixed(Float64), dtypeArg(5), argN(2)),
	row("load", Convert, ShapeNone, DTSame),
	row("loadtxt", Convert, ShapeNone, DTSame, fixed(Float64), dtypeArg(1)),
	row("logspace", Range, ShapeLinspace, DTFixed, fixed(Float64), dtypeArg(5), argN(2), temps(Temp{OfResult, 1, itemOwn})),
	row("meshgrid", Other, ShapeMeshgrid, DTSame),
	row("ndarray", Other, ShapeNDArray, DTFixed, fixed(Float64), dtypeArg(1), fill),
	row("ones", Constructor, ShapeFromArg, DTFixed, fixed(Float64), shape(0, "shape"), dtypeArg(1), fill),
	row("ones_like", Like, ShapeLike, DTSame, shape(-1, "shape"), dtypeArg(1), fill),
	row("tri", Other, ShapeTriMatrix, DTFixed, fixed(Float64), dtypeArg(3)),
	row("vander", Other, ShapeVander, DTSame),
	row("zeros", Constructor, ShapeFromArg, DTFixed, fixed(Float64), shape(0, "shape"), dtypeArg(1), fill),
	row("zeros_like", Like, ShapeLike, DTSame, shape(-1, "shape"), dtypeArg(1), fill),
}

// creationShapes are the shape rules of array creation.
var creationShapes = shapeRules{
	ShapeArange:    arangeRule,
	ShapeAsfarray:  asfarray,
	ShapeEye:       eyeRule,
	ShapeFromArg:   fromArgRule,
	ShapeIndices:   indicesRule,
	ShapeLike:      onArray(likeRule),
	ShapeLinspace:  linspaceRule,
	ShapeMeshgrid:  meshgridRule,
	ShapeNDArray:   plain(ndarrayShape),
	ShapeTriMatrix: triMatrix,
	ShapeVander:    vander,
}

// arangeRule applies ShapeArange: (ceil((stop - start) / step),) of constant ints.
func arangeRule(_ *Func, c *Call) (Result, bool) {
	return arange(c)
}

// eyeRule applies ShapeEye: (N, M), M defaulting to N (argument ArgN; -1 for identity).
func eyeRule(f *Func, c *Call) (Result, bool) {
	n := scalarDim(c.Arg(0, "N"))
	if c.Arg(0, "N").Kind == ArgMissing {
		n = scalarDim(c.Arg(0, "n"))
	}
	m := n
	if mv := c.Arg(f.ArgN, "M"); f.ArgN >= 0 && mv.Kind != ArgMissing && mv.Kind != ArgNone {
		m = scalarDim(mv)
	}
	return one([]Dim{n, m}), true
}

// fromArgRule applies ShapeFromArg: the shape argument (ShapeArg or ShapeKw): an int or a tuple of
// ints.
func fromArgRule(f *Func, c *Call) (Result, bool) {
	sh, ok := shapeArg(c.Arg(f.ShapeArg, f.ShapeKw))
	return one(sh), ok
}

// indicesRule applies ShapeIndices: (len(dimensions), *dimensions).
func indicesRule(_ *Func, c *Call) (Result, bool) {
	dims := c.Arg(0, "dimensions")
	if dims.Kind != ArgSeq || !only(c, "dtype") {
		return Result{}, false
	}
	out := []Dim{Int(int64(len(dims.Elems)))}
	for _, e := range dims.Elems {
		out = append(out, scalarDim(e))
	}
	return one(out), true
}

// likeRule applies ShapeLike: the first argument's shape, or shape=.
func likeRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	if sh := c.Arg(-1, "shape"); sh.Kind != ArgMissing && sh.Kind != ArgNone {
		out, ok := shapeArg(sh)
		return one(out), ok
	}
	return one(clone(s)), true
}

// linspaceRule applies ShapeLinspace: (num,): argument ArgN, default 50.
func linspaceRule(f *Func, c *Call) (Result, bool) {
	num := c.Arg(f.ArgN, "num")
	if num.Kind == ArgMissing {
		return one([]Dim{Int(50)}), true
	}
	return one([]Dim{scalarDim(num)}), true
}

// meshgridRule applies ShapeMeshgrid: one array per argument, (len y, len x, …) with indexing="xy".
func meshgridRule(_ *Func, c *Call) (Result, bool) {
	return meshgrid(c)
}

// arange gives np.arange(stop), (start, stop) or (start, stop, step), positional or by keyword:
// int64 when every bound is an int, float64 when one is a float.
func arange(c *Call) (Result, bool) {
	start, stop, step := Arg{Kind: ArgScalar, DType: WeakInt, Known: true}, Arg{}, Arg{Kind: ArgScalar, DType: WeakInt, N: 1, Known: true}
	switch len(c.Args) {
	case 0:
	case 1:
		stop = c.Args[0]
	default:
		start, stop = c.Args[0], c.Args[1]
		if len(c.Args) >= 3 {
			step = c.Args[2]
		}
	}
	if v, ok := c.Kw["start"]; ok {
		start = v
	}
	if v, ok := c.Kw["stop"]; ok {
		stop = v
	}
	if v, ok := c.Kw["step"]; ok {
		step = v
	}
	if stop.Kind == ArgMissing {
		return Result{}, false
	}
	dt := Int64
	for _, v := range []Arg{start, stop, step} {
		switch {
		case v.Kind == ArgScalar && v.DType.Kind() == 'f':
			dt = Float64
		case v.Kind != ArgScalar:
			dt = NoDType // a symbol or an unknown value may be a float
		}
		if dt == NoDType {
			break
		}
	}
	d := Dim{}
	allInt := start.Kind == ArgScalar && stop.Kind == ArgScalar && step.Kind == ArgScalar &&
		start.DType.IsInteger() && stop.DType.IsInteger() && step.DType.IsInteger()
	x0, ok0 := realValue(start)
	x1, ok1 := realValue(stop)
	dx, ok2 := realValue(step)
	switch {
	case allInt && start.Known && stop.Known && step.Known && step.N != 0:
		n := (stop.N - start.N + step.N - sign(step.N)) / step.N
		d = Int(max(n, 0))
	case ok0 && ok1 && ok2 && dx != 0:
		// a float bound or step: NumPy takes ceil((stop - start) / step) in float64
		n := math.Ceil((x1 - x0) / dx)
		if math.IsNaN(n) || n > math.MaxInt32*float64(1<<16) {
			return Result{}, false
		}
		d = Int(max(int64(n), 0))
	case allIntOrSym(start, stop, step) && step.Known && step.N > 0:
		// arange(n), arange(1, n + 1), arange(0, n, 2): ceil((stop - start) / step) elements,
		// taken to be non-negative (the program uses the range).
		d = SymDim(argExpr(stop).Sub(argExpr(start)).Add(Const(step.N - 1)).FloorDiv(step.N))
		d.Data = stop.Data && !start.Data && !d.Known
	default:
		d = rangeData(start, stop, step)
	}
	return Result{Outs: []Out{{Shape: []Dim{d}, DType: dt, fixed: true}}}, true
}

// argExpr is an integer argument as a polynomial (nil when neither known nor symbolic).
func argExpr(a Arg) *Poly {
	if a.Kind == ArgScalar && a.Known {
		return Const(a.N)
	}
	return a.Sym
}

// allIntOrSym reports whether every argument is an int, known or symbolic.
func allIntOrSym(args ...Arg) bool {
	for _, a := range args {
		if a.Sym == nil && !(a.Kind == ArgScalar && a.Known && a.DType.IsInteger()) {
			return false
		}
	}
	return true
}

func sign(x int64) int64 {
	if x < 0 {
		return -1
	}
	return 1
}

// meshgrid gives one array per argument, each of shape (len y, len x, len z …) (indexing="xy",
// the default) or (len x, len y, …) (indexing="ij"), each keeping its argument's dtype.
func meshgrid(c *Call) (Result, bool) {
	if !only(c, "indexing") {
		return Result{}, false
	}
	ij, ok := strArg(c.Arg(-1, "indexing"), "xy")
	if !ok || (ij != "xy" && ij != "ij") {
		return Result{}, false
	}
	var dims []Dim
	for _, a := range c.Args {
		if a.Kind != ArgArray {
			return Result{}, false
		}
		d := Dim{}
		if n, ok := Size(a.Shape); ok {
			d = Int(n)
		}
		dims = append(dims, d)
	}
	if ij == "xy" && len(dims) >= 2 {
		dims[0], dims[1] = dims[1], dims[0]
	}
	r := Result{Tuple: true}
	for _, a := range c.Args {
		r.Outs = append(r.Outs, Out{Shape: clone(dims), DType: a.DType, fixed: true})
	}
	return r, true
}

// Grid gives the result of np.mgrid[axes] (sparse false) or np.ogrid[axes] (sparse true), as
// NumPy's nd_grid computes it; tuple is set when the subscript is a tuple of slices (even of
// one). An axis has arange's length, or as many points as a complex step says; the dtype is
// int64 for int bounds and steps, float64 when one is a float or the step is complex.
//
// A tuple subscript of mgrid is one array (len(axes), n1, n2, …), from np.indices, each of whose
// rows is then scaled in place through a temporary row (two when a row is smaller than
// MinElideBytes, as the `* step + start` chain is then not elided): mgrid[0:1000, 0:833] peaks
// at 20.0 MB for a 13.3 MB result. ogrid's is a list of arrays of shape (1, …, nk, …, 1). A
// single slice is a 1-D arange (scaled through two temporaries for a complex step).
func Grid(sparse bool, axes []GridAxis, tuple bool) (Result, bool) {
	if len(axes) == 0 {
		return Result{}, false
	}
	dims := make([]Dim, len(axes))
	dt := Int64
	complexStep := false
	for i, ax := range axes {
		start, step := ax.Start, ax.Step
		if start.Kind == ArgMissing || start.Kind == ArgNone {
			start = Arg{Kind: ArgScalar, DType: WeakInt, Known: true}
		}
		if step.Kind == ArgMissing || step.Kind == ArgNone {
			step = Arg{Kind: ArgScalar, DType: WeakInt, N: 1, Known: true}
		}
		if step.Kind == ArgScalar && step.DType.Kind() == 'c' {
			// a number of points: the grid is floats from start to stop
			complexStep = true
			if !step.FKnown {
				dims[i], dt = Dim{}, Float64
				continue
			}
			dims[i] = Int(int64(math.Abs(step.F)))
			if dt != NoDType {
				dt = Float64
			}
			if start.Kind != ArgScalar || ax.Stop.Kind != ArgScalar {
				dt = NoDType
			}
			continue
		}
		r, ok := arange(&Call{Args: []Arg{start, ax.Stop, step}})
		if !ok {
			return Result{}, false
		}
		dims[i] = r.Outs[0].Shape[0]
		dims[i].Data = false // a grid's extent is the program's choice, not the data's
		switch d := r.Outs[0].DType; {
		case d == NoDType:
			dt = NoDType
		case d == Float64 && dt != NoDType:
			dt = Float64
		}
	}
	if !tuple {
		r := Result{Outs: []Out{{Shape: dims[:1], DType: dt, fixed: true}}}
		if dims[0].Known && complexStep {
			r.TempBytes = 2 * dims[0].N * 8 // arange(0, n) * step, then + start
		}
		return r, true
	}
	if sparse {
		r := Result{Tuple: true}
		for i := range dims {
			sh := ones(len(dims))
			sh[i] = dims[i]
			r.Outs = append(r.Outs, Out{Shape: sh, DType: dt, fixed: true})
		}
		return r, true
	}
	r := Result{Outs: []Out{{Shape: append([]Dim{Int(int64(len(dims)))}, dims...), DType: dt, fixed: true}}}
	if n, ok := Size(dims); ok && dt.Known() {
		row := NBytes(n, dt)
		r.TempBytes = row
		if row < MinElideBytes {
			r.TempBytes = 2 * row
		}
	}
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

// ndarrayShape gives np.ndarray(shape, dtype=float): a new uninitialised array; with buffer= (a
// view of the buffer) or strides= it is not modelled.
func ndarrayShape(c *Call) (Result, bool) {
	for i, k := range map[int]string{2: "buffer", 4: "strides"} {
		if b := c.Arg(i, k); b.Kind != ArgMissing && b.Kind != ArgNone {
			return Result{}, false
		}
	}
	if !only(c, "shape", "dtype", "buffer", "offset", "strides", "order") {
		return Result{}, false
	}
	sh, ok := shapeArg(c.Arg(0, "shape"))
	return one(sh), ok
}

// GridAxis is one slice of an np.mgrid or np.ogrid subscript, start:stop:step (ArgMissing or
// ArgNone where left out); a complex step (5j) is a number of points (F its imaginary part).
type GridAxis struct{ Start, Stop, Step Arg }
