package npapi

// This file defines the shape rules of the rows added from the usage count (bench/apicount.txt):
// bincount, polyval, ndarray, setdiff1d, cross, as_strided, insert, block, multi_dot, the ufunc
// reductions, roots and eigvals. The temporaries they compute were measured under NumPy 1.24
// with tracemalloc (memory/apitable_test.go).

// usageShapes applies the rules of this file, scipy.go, signal.go and sigconv.go; handled is
// false for the others.
func (f *Func) usageShapes(c *Call) (r Result, ok, handled bool) {
	rule, handled := usageRules[f.Rule]
	if !handled {
		return Result{}, false, false
	}
	r, ok = rule(f, c)
	return r, ok, true
}

// usageRules maps each shape rule of these files to its implementation (set by init: the rules
// call shapes, which reads this table).
var usageRules map[ShapeRule]func(*Func, *Call) (Result, bool)

func init() {
	plain := func(g func(*Call) (Result, bool)) func(*Func, *Call) (Result, bool) {
		return func(_ *Func, c *Call) (Result, bool) { return g(c) }
	}
	scipy := (*Func).scipyShapes
	usageRules = map[ShapeRule]func(*Func, *Call) (Result, bool){
		ShapeBincount: plain(bincount), ShapePolyval: plain(polyval), ShapePolyvalC: plain(polyvalC),
		ShapeNDArray: plain(ndarrayShape), ShapeSetdiff: plain(setdiff), ShapeCross: plain(cross),
		ShapeAsStrided: plain(asStrided), ShapeInsert: plain(insert), ShapeBlock: plain(block),
		ShapeMultiDot: plain(multiDot), ShapeUfuncReduce: plain(ufuncReduce), ShapeRoots: plain(roots),
		ShapeEigvals: plain(eigvals), ShapeLstsq: plain(lstsq),
		ShapeFilter: scipy, ShapeFilterSum: scipy, ShapeMorph: scipy, ShapeZoom: scipy, ShapeShift: scipy,
		ShapeMapCoords: scipy, ShapeLabel: scipy, ShapeRotate: scipy, ShapeAffine: scipy, ShapeEDT: scipy,
		ShapeConv2D: conv2d, ShapeBinStruct: plain(binaryStructure),
		ShapeLfilter: plain(lfilter), ShapeSosfilt: plain(sosfilt), ShapeSavgol: plain(savgol),
		ShapeWindow: plain(cosineWindow), ShapeGetWindow: plain(getWindow), ShapeButter: plain(butter),
		ShapeSigConv: sigConvolve, ShapeFiltfilt: plain(filtfilt), ShapeHilbert: plain(hilbert),
	}
	for rule, fn := range nextRules() {
		usageRules[rule] = fn
	}
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

// seqOrArray1D returns the length (-1 when unknown) and dtype of a 1-D coefficient argument: a
// list of numbers (as np.asarray makes it) or a 1-D array.
func seqOrArray1D(a Arg) (n int64, dt DType, ok bool) {
	switch a.Kind {
	case ArgSeq:
		dt = NoDType
		for i, e := range a.Elems {
			if e.Kind != ArgScalar {
				return 0, NoDType, false
			}
			if i == 0 {
				dt = e.DType
			} else {
				dt = Promote(dt, e.DType)
			}
		}
		if len(a.Elems) == 0 {
			dt = Float64
		}
		return int64(len(a.Elems)), dt.Default(), dt.Default().Known()
	case ArgArray:
		if len(a.Shape) != 1 {
			return 0, NoDType, false
		}
		n = -1
		if a.Shape[0].Known {
			n = a.Shape[0].N
		}
		return n, a.DType, a.DType.Known()
	}
	return 0, NoDType, false
}

// polyval gives np.polyval(p, x): y = zeros_like(x), then y = y * x + pv for each coefficient.
// y * x is a temporary that the addition reuses (NumPy's elision), so the previous y is the one
// temporary; when the coefficients are floats and x is not, the first sum is a new float array
// and both integer arrays are alive. Other mixes of kinds are not modelled.
func polyval(c *Call) (Result, bool) {
	pn, pdt, ok := seqOrArray1D(c.Arg(0, "p"))
	x := c.Arg(1, "x")
	if !ok || !only(c) {
		return Result{}, false
	}
	if x.Kind == ArgScalar {
		return scalar(), true
	}
	if x.Kind != ArgArray || !x.DType.Known() {
		return Result{}, false
	}
	dt, nTemps := x.DType, int64(1)
	switch {
	case pn == 0:
		nTemps = 0
	case kindRank[pdt.Kind()] <= kindRank[x.DType.Kind()]:
	case pdt == Float64 && (x.DType.IsInteger() || x.DType == Bool):
		dt, nTemps = Float64, 2
	default:
		return Result{}, false
	}
	r := Result{Outs: []Out{{Shape: clone(x.Shape), DType: dt, fixed: true}}}
	if n, ok := Size(x.Shape); ok {
		r.TempBytes = SatMul(nTemps, NBytes(n, x.DType))
	}
	return r, true
}

// polyvalC gives numpy.polynomial.polynomial.polyval(x, c) for 1-D coefficients c: x's shape,
// the promotion of x with c (integer coefficients become float64). c0 = c[-1] + x*0, then
// c0 = c[-i] + c0*x: the previous c0 and the product are alive while the sum is made.
func polyvalC(c *Call) (Result, bool) {
	x := c.Arg(0, "x")
	cn, cdt, ok := seqOrArray1D(c.Arg(1, "c"))
	if !ok || !only(c, "tensor") {
		return Result{}, false
	}
	if x.Kind == ArgScalar {
		return scalar(), true
	}
	if x.Kind != ArgArray || !x.DType.Known() || len(x.Shape) == 0 {
		return Result{}, false
	}
	if cdt.Kind() != 'f' && cdt.Kind() != 'c' {
		cdt = Float64 // c + 0.0
	}
	dt := Promote(cdt, x.DType)
	if !dt.Known() {
		return Result{}, false
	}
	r := Result{Outs: []Out{{Shape: clone(x.Shape), DType: dt, fixed: true}}}
	if n, ok := Size(x.Shape); ok {
		zero := Promote(x.DType, WeakInt).Default() // x*0
		r.TempBytes = NBytes(n, zero)
		if cn != 1 {
			r.TempBytes = max(r.TempBytes, SatMul(2, NBytes(n, dt)))
		}
	}
	return r, true
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

// cross gives np.cross(a, b) of 2- or 3-vectors along the last axis (no axis arguments): the
// broadcast of the other axes, with a last axis of 3 unless both are 2-vectors. NumPy copies both
// inputs in the result dtype (astype) and makes one product temporary per component: two at once
// for 3 × 3 (array(a2 * b1)), one of the result's size for 2 × 2, one component for the others.
func cross(c *Call) (Result, bool) {
	a, b := c.Arg(0, "a"), c.Arg(1, "b")
	if a.Kind != ArgArray || b.Kind != ArgArray || len(c.Kw) > 0 || len(c.Args) > 2 || len(a.Shape) == 0 || len(b.Shape) == 0 {
		return Result{}, false
	}
	la, lb := a.Shape[len(a.Shape)-1], b.Shape[len(b.Shape)-1]
	if !la.Known || !lb.Known || la.N < 2 || la.N > 3 || lb.N < 2 || lb.N > 3 {
		return Result{}, false
	}
	out := Broadcast(a.Shape[:len(a.Shape)-1], b.Shape[:len(b.Shape)-1])
	if la.N == 3 || lb.N == 3 {
		out = append(out, Int(3))
	}
	r := one(out)
	if len(out) == 0 {
		r = scalar()
	}
	item := Promote(a.DType, b.DType).Default().ItemSize()
	na, ok1 := Size(a.Shape)
	nb, ok2 := Size(b.Shape)
	m, ok3 := Size(out)
	if ok1 && ok2 && ok3 {
		comp := m
		switch {
		case la.N == 3 && lb.N == 3:
			comp = 2 * m / 3
		case la.N == 3 || lb.N == 3:
			comp = m / 3
		}
		r.TempBytes = (na + nb + comp) * item
	}
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

// blockLeaf is one array (or number) of a np.block argument with its list depth.
type blockLeaf struct {
	arg   Arg
	depth int
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

// multiDot gives np.linalg.multi_dot(arrays): dot for two; for more, the chain of 2-D products
// (a 1-D first or last array is a row or column) in NumPy's order — _multi_dot_three's cost
// rule for three, the matrix-chain order for more — with the intermediate products alive as the
// recursion makes them.
func multiDot(c *Call) (Result, bool) {
	seq := c.Arg(0, "arrays")
	if seq.Kind != ArgSeq || len(seq.Elems) < 2 || !only(c, "out") {
		return Result{}, false
	}
	dt := NoDType
	for i, e := range seq.Elems {
		if e.Kind != ArgArray || e.Shape == nil {
			return Result{}, false
		}
		if i == 0 {
			dt = e.DType
		} else {
			dt = Promote(dt, e.DType)
		}
	}
	dt = dt.Default()
	if !dt.Known() {
		dt = NoDType
	}
	typed := func(r Result) Result {
		for i := range r.Outs {
			r.Outs[i].DType, r.Outs[i].fixed = dt, true
		}
		return r
	}
	if len(seq.Elems) == 2 {
		r, ok := (&Func{Rule: ShapeDot}).shapes(&Call{Args: seq.Elems})
		return typed(r), ok
	}
	n := len(seq.Elems)
	mats := make([][]Dim, n)
	for i, e := range seq.Elems {
		mats[i] = e.Shape
	}
	firstVec, lastVec := len(mats[0]) == 1, len(mats[n-1]) == 1
	if firstVec {
		mats[0] = []Dim{Int(1), mats[0][0]}
	}
	if lastVec {
		mats[n-1] = []Dim{mats[n-1][0], Int(1)}
	}
	p := make([]Dim, n+1)
	for i, m := range mats {
		if len(m) != 2 {
			return Result{}, false
		}
		p[i] = m[0]
	}
	p[n] = mats[n-1][1]
	var out []Dim
	switch {
	case firstVec && lastVec:
		out = nil
	case firstVec:
		out = []Dim{p[n]}
	case lastVec:
		out = []Dim{p[0]}
	default:
		out = []Dim{p[0], p[n]}
	}
	r := typed(one(out))
	if firstVec && lastVec {
		r = scalar()
	}
	dims := make([]int64, n+1)
	for i, d := range p {
		if !d.Known {
			return r, true // the order, and so the temporaries, depend on the unknown size
		}
		dims[i] = d.N
	}
	split := chainOrder(dims)
	var eval func(i, j int) (peak, size int64)
	eval = func(i, j int) (int64, int64) {
		if i == j {
			return 0, 0 // an input
		}
		k := split[i][j]
		lp, ls := eval(i, k)
		rp, rs := eval(k+1, j)
		me := dims[i] * dims[j+1]
		return max(lp, ls+rp, ls+rs+me), me
	}
	peak, size := eval(0, n-1)
	r.TempBytes = NBytes(peak-size, dt)
	return r, true
}

// chainOrder returns where NumPy's multi_dot splits each sub-chain i..j of matrices with
// dimensions p: _multi_dot_three's comparison for three, the matrix-chain dynamic programme
// (float costs, first minimum kept) for more.
func chainOrder(p []int64) [][]int {
	n := len(p) - 1
	s := make([][]int, n)
	for i := range s {
		s[i] = make([]int, n)
	}
	if n == 3 {
		cost1 := p[0] * p[2] * (p[1] + p[3]) // (AB)C
		cost2 := p[1] * p[3] * (p[0] + p[2]) // A(BC)
		if cost1 < cost2 {
			s[0][2], s[0][1] = 1, 0
		} else {
			s[0][2], s[1][2] = 0, 1
		}
		return s
	}
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	for l := 1; l < n; l++ {
		for i := 0; i < n-l; i++ {
			j := i + l
			best := -1.0
			for k := i; k < j; k++ {
				q := m[i][k] + m[k+1][j] + float64(p[i]*p[k+1]*p[j+1])
				if best < 0 || q < best {
					best, s[i][j] = q, k
				}
			}
			m[i][j] = best
		}
	}
	return s
}

// roots gives np.roots(p): the eigenvalues of the companion matrix of the coefficients without
// their leading and trailing zeros, so at most len(p)-1 of them, real or complex by the values.
// The companion matrix ((n-1)² floats) and eigvals' finiteness mask are the temporaries (their
// size before the zeros are trimmed: a bound).
func roots(c *Call) (Result, bool) {
	n, dt, ok := seqOrArray1D(c.Arg(0, "p"))
	if !ok || n < 2 || !only(c) {
		return Result{}, false
	}
	if dt.Kind() != 'f' && dt.Kind() != 'c' {
		dt = Float64 // p.astype(float)
	}
	m := n - 1
	r := Result{Outs: []Out{{Shape: []Dim{{}}, Bound: m}}}
	r.TempBytes = SatMul(SatMul(m, m), dt.ItemSize()+1)
	return r, true
}

// eigvals gives np.linalg.eigvals(a) of a (..., n, n) stack: (..., n), complex for a complex
// input, and for a real one real when every eigenvalue is (else complex): the dtype depends on
// the values.
func eigvals(c *Call) (Result, bool) {
	a := firstArray(c)
	if a.Kind != ArgArray || len(a.Shape) < 2 || len(c.Args) > 1 || len(c.Kw) > 0 {
		return Result{}, false
	}
	o := Out{Shape: clone(a.Shape[:len(a.Shape)-1]), fixed: true}
	switch a.DType {
	case Complex64, Complex128:
		o.DType = a.DType
	}
	return Result{Outs: []Out{o}}, true
}

// lstsq gives np.linalg.lstsq(a, b) of a 2-D a (m, n) and a 1-D (m,) or 2-D (m, k) b: x (n,) or
// (n, k); the residuals, empty when m <= n and otherwise (k,) or empty by the rank (the size
// depends on the values); the rank, a number; the singular values (min(m, n),). LAPACK computes
// in float64 or complex128: inputs of another dtype are cast into copies for it, and its x is
// copied into the result's dtype (float32 or complex64 when every input is).
func lstsq(c *Call) (Result, bool) {
	a, b := c.Arg(0, "a"), c.Arg(1, "b")
	if a.Kind != ArgArray || b.Kind != ArgArray || len(a.Shape) != 2 || (len(b.Shape) != 1 && len(b.Shape) != 2) || !only(c, "rcond") {
		return Result{}, false
	}
	single, complex := true, false
	for _, d := range []DType{a.DType, b.DType} {
		switch d {
		case Float32:
		case Complex64:
			complex = true
		case Complex128:
			single, complex = false, true
		case Float16, BFloat16, NoDType:
			return Result{}, false // linalg refuses half floats
		default:
			single = false
		}
	}
	real, res := Float64, Float64
	if single {
		real, res = Float32, Float32
	}
	work := Float64
	if complex {
		work, res = Complex128, Complex128
		if single {
			res = Complex64
		}
	}
	m, n := a.Shape[0], a.Shape[1]
	k := Int(1)
	x := Out{Shape: []Dim{n}, DType: res, fixed: true}
	if len(b.Shape) == 2 {
		k = b.Shape[1]
		x.Shape = []Dim{n, k}
	}
	resid := Out{Shape: []Dim{Int(0)}, DType: real, fixed: true}
	if !m.Known || !n.Known || m.N > n.N {
		resid.Shape = []Dim{{}}
		if k.Known && m.Known && n.Known {
			resid.Bound = max(k.N, 1)
		}
	}
	sv := Out{Shape: []Dim{{}}, DType: real, fixed: true}
	if m.Known && n.Known {
		sv.Shape = []Dim{Int(min(m.N, n.N))}
	}
	r := Result{Outs: []Out{x, resid, {Scalar: true, DType: Int32, fixed: true}, sv}, Tuple: true}
	na, ok1 := Size(a.Shape)
	nb, ok2 := Size(b.Shape)
	nx, ok3 := Size(x.Shape)
	if ok1 && ok2 && ok3 {
		var casts int64
		if a.DType != work {
			casts = SatAdd(casts, NBytes(na, work))
		}
		if b.DType != work {
			casts = SatAdd(casts, NBytes(nb, work))
		}
		// peak: max(casts + LAPACK's x, LAPACK's x + the result's copy), beyond the results
		r.TempBytes = SatAdd(NBytes(nx, work), max(casts-NBytes(nx, res), 0))
	}
	return r, true
}
