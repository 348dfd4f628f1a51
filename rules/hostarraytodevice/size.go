package hostarraytodevice

import (
	"math"

	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file decides which host arrays are worth a finding: those known to hold at least
// min-bytes, and those whose size is a variable of the program (`np.zeros(n)`, `(rows, 4)`),
// which is how problem sizes are written. Arrays whose size comes from a call or an attribute
// (`len(jax.devices())`, `x.shape`, `math.prod(shape)`) are not reported: in the code read for
// the precision run they were small test data.

// large reports whether the host array the call builds is known or likely to be large.
func large(info *arrays.Info, c *ast.Call, torch bool, minBytes int64) bool {
	if a, ok := info.Array(c); ok {
		if n, ok := a.NBytes(); ok {
			return n >= minBytes
		}
	}
	elems, known, symbolic := size(info, c, torch)
	if known {
		return elems*8 >= minBytes // NumPy's default float64, when the model has no dtype
	}
	return symbolic
}

// size reads the element count a constructor call asks for from its size arguments: exact when
// they are known integers (or float literals, for arange), symbolic when they are built from
// names and literals only.
func size(info *arrays.Info, c *ast.Call, torch bool) (elems int64, known, symbolic bool) {
	fn := ""
	switch f := c.Func.(type) {
	case *ast.Attribute:
		fn = f.Attr
	case *ast.Name:
		fn = f.ID
	}
	var dims []ast.Expr
	switch fn {
	case "arange":
		if n, ok := literalArange(c); ok {
			return n, true, false
		}
		dims = c.Args
	case "linspace":
		if len(c.Args) >= 3 {
			dims = c.Args[2:3]
		} else if k := keyword(c, "num"); k != nil {
			dims = []ast.Expr{k}
		} else {
			return 50, true, false
		}
	case "eye", "identity": // N × M, M defaulting to N
		switch {
		case fn == "eye" && len(c.Args) >= 2:
			dims = []ast.Expr{c.Args[0], c.Args[1]}
		case len(c.Args) >= 1:
			dims = []ast.Expr{c.Args[0], c.Args[0]}
		}
	case "rand", "randn": // sizes as arguments: np.random.rand(d0, d1), torch.rand(3, 4)
		dims = c.Args
	case "uniform", "normal", "randint": // (low, high, size) / (loc, scale, size)
		if k := keyword(c, "size"); k != nil {
			dims = []ast.Expr{k}
		} else if len(c.Args) >= 3 {
			dims = c.Args[2:3]
		} else {
			return 1, true, false
		}
	default: // zeros, ones, empty, full, random, random_sample: a shape first
		switch {
		case keyword(c, "size") != nil:
			dims = []ast.Expr{keyword(c, "size")}
		case keyword(c, "shape") != nil:
			dims = []ast.Expr{keyword(c, "shape")}
		case torch:
			dims = c.Args // torch.zeros(3, 4)
		case len(c.Args) > 0:
			dims = c.Args[:1]
		}
	}
	if len(dims) == 0 {
		return 0, false, false
	}
	elems, known, symbolic = 1, true, true
	for _, d := range flatten(dims) {
		if n, ok := intOf(info, d); ok {
			elems *= max(n, 0)
			continue
		}
		known = false
		symbolic = symbolic && names(d)
	}
	return elems, known, !known && symbolic
}

func flatten(es []ast.Expr) []ast.Expr {
	var out []ast.Expr
	for _, e := range es {
		switch t := e.(type) {
		case *ast.Tuple:
			out = append(out, flatten(t.Elts)...)
		case *ast.List:
			out = append(out, flatten(t.Elts)...)
		default:
			out = append(out, e)
		}
	}
	return out
}

// names reports whether e is built from names and literals only (n, 2 * n + 1).
func names(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Name, *ast.Constant:
		return true
	case *ast.BinOp:
		return names(e.Left) && names(e.Right)
	case *ast.UnaryOp:
		return names(e.Operand)
	}
	return false
}

// literalArange returns the length of an arange over numeric literals (np.arange(8.),
// np.arange(0., 1., 0.25)), which the array model, tracking integers only, leaves unknown.
func literalArange(c *ast.Call) (int64, bool) {
	if len(c.Args) == 0 || len(c.Args) > 3 {
		return 0, false
	}
	vals := make([]float64, len(c.Args))
	for i, a := range c.Args {
		k, ok := a.(*ast.Constant)
		switch {
		case !ok:
			return 0, false
		case k.Value.Kind == ast.ConstFloat:
			vals[i] = k.Value.Float
		case k.Value.Kind == ast.ConstInt && k.Value.Big == nil:
			vals[i] = float64(k.Value.Int)
		default:
			return 0, false
		}
	}
	start, stop, step := 0.0, vals[0], 1.0
	if len(vals) >= 2 {
		start, stop = vals[0], vals[1]
	}
	if len(vals) == 3 {
		step = vals[2]
	}
	if step == 0 {
		return 0, false
	}
	n := math.Ceil((stop - start) / step)
	if n < 0 || n > 1<<53 {
		return 0, false
	}
	return int64(n), true
}

// intOf returns the value of an integer expression: the array model's, or a literal's where the
// model did not walk (a lambda's body).
func intOf(info *arrays.Info, e ast.Expr) (int64, bool) {
	if n, ok := info.Int(e); ok {
		return n, true
	}
	if k, ok := e.(*ast.Constant); ok && k.Value.Kind == ast.ConstInt && k.Value.Big == nil {
		return k.Value.Int, true
	}
	return 0, false
}
