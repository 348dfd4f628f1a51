package npapi

// This file holds the rows of polynomials: polyval and roots, and their shape rules.

// polynomialsRows are the rows of polynomials.
var polynomialsRows = []*Func{
	row("polynomial.polynomial.polyval", Other, ShapePolyvalC, DTSame),
	row("polyval", Other, ShapePolyval, DTSame),
	row("roots", Other, ShapeRoots, DTValues),
}

// polynomialsShapes are the shape rules of polynomials.
var polynomialsShapes = shapeRules{
	ShapePolyval:  plain(polyval),
	ShapePolyvalC: plain(polyvalC),
	ShapeRoots:    plain(roots),
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
