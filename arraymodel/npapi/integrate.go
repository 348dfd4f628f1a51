package npapi

// This file holds the rows of scipy.integrate and scipy.linalg, and their shape rules. The other
// functions of the modules (solve_ivp, whose result is an object, quad, which returns numbers,
// scipy.linalg's other solvers) are not rows: a call to one given arrays is reported as unknown.

// integrateRows are the rows of scipy.integrate, and of scipy.linalg.
var integrateRows = []*Func{
	row("scipy.integrate.odeint", Other, ShapeOdeint, DTFixed, fixed(Float64)),
	row("scipy.linalg.eigvals", Other, ShapeSciEigvals, DTFixed, fixed(Complex128)),
}

// integrateShapes are the shape rules of scipy.integrate and scipy.linalg.
var integrateShapes = shapeRules{
	ShapeOdeint:     plain(odeint),
	ShapeSciEigvals: plain(sciEigvals),
}

// sciEigvals gives scipy.linalg.eigvals(a) of a 2-D float64 (n, n) a: (n,) complex128 (SciPy
// always returns complex eigenvalues), computed by LAPACK's geev over a copy of a with 36
// float64 of work a row (SciPy 1.17: the peak is the result plus 8n² plus 289n bytes for n of
// 500 to 2,000, under tracemalloc). Other dtypes, b, and the options are not modelled.
func sciEigvals(c *Call) (Result, bool) {
	a := c.Arg(0, "a")
	if a.Kind != ArgArray || len(a.Shape) != 2 || a.DType != Float64 || len(c.Args) > 1 || len(c.Kw) > 0 {
		return Result{}, false
	}
	n := a.Shape[0]
	r := Result{Outs: []Out{{Shape: []Dim{n}, DType: Complex128, fixed: true}}}
	if n.Known && a.Shape[1].Known && n.N == a.Shape[1].N {
		r.TempBytes = 8*n.N*n.N + 288*n.N
	}
	return r, true
}

// odeint gives scipy.integrate.odeint(func, y0, t): the solution at each time, (len(t), len(y0))
// float64 (y0 flattened), while LSODA keeps two float64 arrays of len(t) of its own (SciPy 1.17
// under NumPy 2: the peak is the result plus 16 bytes a time point, for 2 to 50 equations). With
// full_output set it returns a dict as well, which is not modelled.
func odeint(c *Call) (Result, bool) {
	y0, t := c.Arg(1, "y0"), c.Arg(2, "t")
	if full, ok := boolArg(c.Arg(6, "full_output"), false); !ok || full {
		return Result{}, false
	}
	var n Dim
	switch t.Kind {
	case ArgArray:
		if len(t.Shape) != 1 {
			return Result{}, false
		}
		n = t.Shape[0]
	case ArgSeq:
		n = Int(int64(len(t.Elems)))
	default:
		return Result{}, false
	}
	var k Dim
	switch y0.Kind {
	case ArgArray:
		s, ok := Size(y0.Shape)
		if y0.Shape == nil {
			return Result{}, false
		}
		if ok {
			k = Int(s)
		} else if len(y0.Shape) == 1 {
			k = y0.Shape[0]
		}
	case ArgSeq:
		k = Int(int64(len(y0.Elems)))
	case ArgScalar:
		k = Int(1)
	default:
		return Result{}, false
	}
	r := Result{Outs: []Out{{Shape: []Dim{n, k}, DType: Float64, fixed: true}}}
	if n.Known {
		r.TempBytes = 2 * n.N * 8
	}
	return r, true
}
