package npapi

import (
	"strings"
)

// This file holds the rows of products and numpy.linalg, and their shape rules. numpy.linalg:
// LAPACK's copies and workspaces are malloc'd by NumPy's gufuncs, outside the Python allocator
// NumPy's arrays use; the table counts arrays, as tracemalloc does. qr's reduced mode copies its
// input in Python.

// linalgRows are the rows of products and numpy.linalg.
var linalgRows = []*Func{
	row("cross", Product, ShapeCross, DTPromote, nin(2)),
	row("dot", Product, ShapeDot, DTPromote, nin(2), out),
	row("einsum", Product, ShapeEinsum, DTPromote, out),
	row("inner", Product, ShapeNone, DTSame, out),
	row("kron", Product, ShapeKron, DTPromote, nin(2)),
	row("linalg.cholesky", Other, ShapeSame, DTFloat),
	row("linalg.det", Other, ShapeMatrixScalar, DTFloat),
	row("linalg.eigh", Other, ShapeEigh, DTFloat),
	row("linalg.eigvals", Other, ShapeEigvals, DTValues, temps(Temp{OfInput, 1, itemBool})),
	row("linalg.eigvalsh", Other, ShapeEigvalsh, DTFloat),
	row("linalg.inv", Other, ShapeSame, DTFloat),
	row("linalg.lstsq", Other, ShapeLstsq, DTSame),
	row("linalg.matrix_rank", Other, ShapeMatrixScalar, DTIndex),
	row("linalg.multi_dot", Product, ShapeMultiDot, DTPromote, out),
	// norm(x, ord=None, axis=None, keepdims=False): a scalar, or reduced over axis; along an
	// axis NumPy squares x into one temporary of its size before reducing it (measured).
	row("linalg.norm", Other, ShapeReduce, DTReal, axis(2), temps(Temp{OfInputAxis, 1, itemOwn})),
	row("linalg.pinv", Other, ShapePinv, DTFloat),
	row("linalg.qr", Other, ShapeQR, DTFloat, mode("reduced"), temps(Temp{OfInput, 1, itemResult})),
	row("linalg.solve", Other, ShapeOfArg, DTFloat, argN(1)),
	row("linalg.svd", Other, ShapeSVD, DTFloat),
	row("matmul", Product, ShapeMatmul, DTPromote, nin(2), out),
	row("outer", Product, ShapeOuter, DTPromote, nin(2), out),
	row("tensordot", Product, ShapeTensordot, DTPromote, nin(2)),
	row("trace", Other, ShapeMatrixScalar, DTSum),
	row("vdot", Product, ShapeNone, DTSame),
}

// linalgShapes are the shape rules of products and numpy.linalg.
var linalgShapes = shapeRules{
	ShapeCross:        plain(cross),
	ShapeDot:          matmulRule,
	ShapeEigh:         onKnownRank(eighRule),
	ShapeEigvals:      plain(eigvals),
	ShapeEigvalsh:     onRank(eighRule),
	ShapeEinsum:       einsumRule,
	ShapeKron:         kronRule,
	ShapeLstsq:        plain(lstsq),
	ShapeMatmul:       matmulRule,
	ShapeMatrixScalar: onKnownRank(matrixScalarRule),
	ShapeMultiDot:     plain(multiDot),
	ShapeOuter:        outerRule,
	ShapePinv:         onRank(pinvRule),
	ShapeQR:           onKnownRank(qrRule),
	ShapeSVD:          onKnownRank(svdRule),
	ShapeTensordot:    tensordotRule,
}

// matmulRule applies ShapeDot, ShapeMatmul.
func matmulRule(f *Func, c *Call) (Result, bool) {
	x, y := c.Arg(0, "a"), c.Arg(1, "b")
	if x.Kind == ArgSparse && len(x.Shape) == 2 && y.Kind == ArgArray && len(y.Shape) >= 1 && len(y.Shape) <= 2 {
		// a scipy.sparse matrix times a dense (n,) or (n, k): a dense (m,) or (m, k) (A @ x,
		// A.dot(x); measured: 8,000,251 B for A @ x of a 10⁶ CSR matrix and float64 x)
		out, _ := MatmulShape(x.Shape, y.Shape)
		dt := Promote(x.DType, y.DType)
		return Result{Outs: []Out{{Shape: out, DType: dt, fixed: dt.Known()}}}, true
	}
	if x.Kind != ArgArray || y.Kind != ArgArray {
		return Result{}, false
	}
	out, isScalar := MatmulShape(x.Shape, y.Shape)
	if f.Rule == ShapeDot && len(x.Shape) > 2 && len(y.Shape) >= 2 {
		out = append(append(clone(x.Shape[:len(x.Shape)-1]), y.Shape[:len(y.Shape)-2]...), y.Shape[len(y.Shape)-1])
	}
	if isScalar {
		return scalar(), true
	}
	return one(out), true
}

// eighRule applies ShapeEigh, ShapeEigvalsh.
func eighRule(f *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	if nd < 2 {
		return Result{}, false
	}
	w := Out{Shape: clone(s[:nd-1]), real: true}
	if f.Rule == ShapeEigvalsh {
		return Result{Outs: []Out{w}}, true
	}
	return Result{Outs: []Out{w, {Shape: clone(s)}}, Tuple: true}, true
}

// einsumRule applies ShapeEinsum: from the subscripts string.
func einsumRule(_ *Func, c *Call) (Result, bool) {
	return einsum(c)
}

// kronRule applies ShapeKron: the dimensions multiplied (aligned right).
func kronRule(_ *Func, c *Call) (Result, bool) {
	return kron(c)
}

// matrixScalarRule applies ShapeMatrixScalar: a scalar per matrix of a (..., n, n) stack: det,
// slogdet's parts.
func matrixScalarRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	if nd < 2 {
		return Result{}, false
	}
	if nd == 2 {
		return scalar(), true
	}
	return one(clone(s[:nd-2])), true
}

// outerRule applies ShapeOuter: (size of a, size of b).
func outerRule(_ *Func, c *Call) (Result, bool) {
	a := firstArray(c)
	b := c.Arg(1, "b")
	if a.Kind != ArgArray || b.Kind != ArgArray {
		return Result{}, false
	}
	s := []Dim{SymDim(SizeExpr(a.Shape)), SymDim(SizeExpr(b.Shape))}
	return one(s), true
}

// pinvRule applies ShapePinv: a (..., m, n) stack becomes (..., n, m).
func pinvRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	if nd != 2 {
		return Result{}, false
	}
	r := one([]Dim{s[1], s[0]})
	if s[0].Known && s[1].Known {
		// svd(a, full_matrices=False) gives u (m, k) and vt (k, n); vt.T @ (s * u.T) makes a
		// (k, m) product before the (n, m) result
		m, n := s[0].N, s[1].N
		k := min(m, n)
		r.TempBytes = (m*k + k*n + k*m) * floatItem(a.DType, c)
	}
	return r, true
}

// qrRule applies ShapeQR: (q, r) for mode="reduced"/"complete"; r for mode="r".
func qrRule(f *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	return qr(f, s, c)
}

// svdRule applies ShapeSVD: (u, s, vh); s only with compute_uv=False.
func svdRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	return svd(s, c)
}

// tensordotRule applies ShapeTensordot: a's leading and b's trailing dimensions (axes=k, default
// 2).
func tensordotRule(_ *Func, c *Call) (Result, bool) {
	return tensordot(c)
}

// svd gives (u, s, vh) of a (..., m, n) stack: u (..., m, m) and vh (..., n, n) with
// full_matrices (the default), (..., m, k) and (..., k, n) without; s (..., k) real.
func svd(s []Dim, c *Call) (Result, bool) {
	nd := len(s)
	full, ok1 := boolArg(c.Arg(1, "full_matrices"), true)
	uv, ok2 := boolArg(c.Arg(2, "compute_uv"), true)
	if nd < 2 || !ok1 || !ok2 || !only(c, "full_matrices", "compute_uv", "hermitian") {
		return Result{}, false
	}
	m, n := s[nd-2], s[nd-1]
	k := Dim{}
	if m.Known && n.Known {
		k = Int(min(m.N, n.N))
	}
	stack := s[:nd-2]
	mk := func(d ...Dim) []Dim { return append(clone(stack), d...) }
	sv := Out{Shape: mk(k), real: true}
	if !uv {
		return Result{Outs: []Out{sv}}, true
	}
	u, vh := mk(m, m), mk(n, n)
	if !full {
		u, vh = mk(m, k), mk(k, n)
	}
	return Result{Outs: []Out{{Shape: u}, sv, {Shape: vh}}, Tuple: true}, true
}

// qr gives (q, r) of a (..., m, n) stack: mode "reduced" q (m, k), r (k, n); "complete" q (m, m),
// r (m, n); "r" r alone.
func qr(f *Func, s []Dim, c *Call) (Result, bool) {
	nd := len(s)
	mode, ok := strArg(c.Arg(1, "mode"), f.Mode)
	if nd < 2 || !ok {
		return Result{}, false
	}
	m, n := s[nd-2], s[nd-1]
	k := Dim{}
	if m.Known && n.Known {
		k = Int(min(m.N, n.N))
	}
	mk := func(d ...Dim) []Dim { return append(clone(s[:nd-2]), d...) }
	switch mode {
	case "reduced":
		return Result{Outs: []Out{{Shape: mk(m, k)}, {Shape: mk(k, n)}}, Tuple: true}, true
	case "complete":
		return Result{Outs: []Out{{Shape: mk(m, m)}, {Shape: mk(m, n)}}, Tuple: true}, true
	case "r":
		return one(mk(k, n)), true
	}
	return Result{}, false
}

// kron gives np.kron(a, b): the dimensions multiplied, aligned to the right.
func kron(c *Call) (Result, bool) {
	a, b := c.Arg(0, "a"), c.Arg(1, "b")
	if a.Kind != ArgArray || b.Kind != ArgArray {
		return Result{}, false
	}
	if a.Shape == nil || b.Shape == nil {
		return one(nil), true
	}
	n := max(len(a.Shape), len(b.Shape))
	out := make([]Dim, n)
	for i := range out {
		x, y := Int(1), Int(1)
		if j := i - (n - len(a.Shape)); j >= 0 {
			x = a.Shape[j]
		}
		if j := i - (n - len(b.Shape)); j >= 0 {
			y = b.Shape[j]
		}
		if x.Known && y.Known {
			out[i] = Int(x.N * y.N)
		}
	}
	return one(out), true
}

// tensordot gives np.tensordot(a, b, axes=k): a's dimensions but the last k, then b's but the
// first k (axes as pairs of lists is not modelled).
func tensordot(c *Call) (Result, bool) {
	a, b := c.Arg(0, "a"), c.Arg(1, "b")
	k, ok := intArg(c.Arg(2, "axes"), 2)
	if a.Kind != ArgArray || b.Kind != ArgArray || !ok || k < 0 {
		return Result{}, false
	}
	if a.Shape == nil || b.Shape == nil {
		return one(nil), true
	}
	if int(k) > len(a.Shape) || int(k) > len(b.Shape) {
		return Result{}, false
	}
	out := append(clone(a.Shape[:len(a.Shape)-int(k)]), b.Shape[k:]...)
	if len(out) == 0 {
		return scalar(), true
	}
	return one(out), true
}

// einsum gives the shape of np.einsum("ij,jk->ik", a, b): explicit output subscripts, or the
// implicit output (the letters used once, sorted). Ellipses are not modelled.
func einsum(c *Call) (Result, bool) {
	spec := c.Arg(0, "")
	if spec.Kind != ArgStr || strings.Contains(spec.Str, ".") || len(c.Kw) > 0 {
		return Result{}, false
	}
	sub := strings.ReplaceAll(spec.Str, " ", "")
	ins, out, explicit := strings.Cut(sub, "->")
	terms := strings.Split(ins, ",")
	if len(terms) != len(c.Args)-1 {
		return Result{}, false
	}
	size := map[rune]Dim{}
	count := map[rune]int{}
	for i, t := range terms {
		a := c.Args[i+1]
		if a.Kind != ArgArray || a.Shape == nil || len(a.Shape) != len(t) {
			return Result{}, false
		}
		for j, r := range t {
			count[r]++
			d := a.Shape[j]
			if old, ok := size[r]; ok && old.Known && (!d.Known || d.N == 1) {
				continue
			}
			size[r] = d
		}
	}
	if !explicit {
		var once []rune
		for r, n := range count {
			if n == 1 {
				once = append(once, r)
			}
		}
		sortRunes(once)
		out = string(once)
	}
	if out == "" {
		return scalar(), true
	}
	var s []Dim
	for _, r := range out {
		d, ok := size[r]
		if !ok {
			return Result{}, false
		}
		s = append(s, d)
	}
	return one(s), true
}

func sortRunes(rs []rune) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j] < rs[j-1]; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

// MatmulShape returns the shape of a @ b (NumPy's matmul): the matrix product of the last two
// axes with the batch axes broadcast, a 1-D operand promoted to a matrix and its axis removed
// again. scalar reports a 1-D @ 1-D product. A nil result is an unknown shape.
func MatmulShape(a, b []Dim) (out []Dim, scalar bool) {
	if a == nil || b == nil || len(a) == 0 || len(b) == 0 {
		return nil, false
	}
	if len(a) == 1 && len(b) == 1 {
		return nil, true
	}
	x, y := a, b
	if len(a) == 1 {
		x = []Dim{Int(1), a[0]}
	}
	if len(b) == 1 {
		y = []Dim{b[0], Int(1)}
	}
	batch := Broadcast(x[:len(x)-2], y[:len(y)-2])
	out = append(clone(batch), x[len(x)-2], y[len(y)-1])
	switch {
	case len(a) == 1:
		out = append(out[:len(out)-2], out[len(out)-1])
	case len(b) == 1:
		out = out[:len(out)-1]
	}
	return out, false
}

// cross gives np.cross(a, b) of 2- or 3-vectors along the last axis (no axis arguments): the
// broadcast of the other axes, with a last axis of 3 unless both are 2-vectors. NumPy copies both
// inputs in the result dtype (astype) and makes one product temporary per component: two at once
// for 3 × 3 under NumPy 1.x (array(a2 * b1)), one under NumPy 2, one of the result's size for 2 × 2, one component for the others.
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
		case la.N == 3 && lb.N == 3 && c.NumPy == NumPy1:
			comp = 2 * m / 3
		case la.N == 3 && lb.N == 3:
			comp = m / 3 // NumPy 2 holds one component's product at a time
		case la.N == 3 || lb.N == 3:
			comp = m / 3
		}
		r.TempBytes = (na + nb + comp) * item
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
		r, ok := matmulRule(&Func{Rule: ShapeDot}, &Call{Args: seq.Elems})
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
