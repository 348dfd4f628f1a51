package hostarraytodevice

import (
	"math"

	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/npapi"
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

// size reads the element count a constructor call asks for from its size arguments, where the
// API table's row for the function puts them: exact when they are known integers (or float
// literals, for arange), symbolic when they are built from names and literals only.
func size(info *arrays.Info, c *ast.Call, torch bool) (elems int64, known, symbolic bool) {
	row := tableRow(info, c)
	var dims []ast.Expr
	switch {
	case row == nil:
		dims = shapeFirst(c, torch)
	case row.Rule == npapi.ShapeArange:
		if n, ok := literalArange(c); ok {
			return n, true, false
		}
		dims = c.Args
	case row.Rule == npapi.ShapeLinspace:
		if len(c.Args) > row.ArgN {
			dims = c.Args[row.ArgN : row.ArgN+1]
		} else if k := keyword(c, "num"); k != nil {
			dims = []ast.Expr{k}
		} else {
			return defaultLength(row)
		}
	case row.Rule == npapi.ShapeEye: // N × M, M (argument ArgN; none for identity) defaulting to N
		switch {
		case row.ArgN >= 0 && len(c.Args) > row.ArgN:
			dims = []ast.Expr{c.Args[0], c.Args[row.ArgN]}
		case len(c.Args) >= 1:
			dims = []ast.Expr{c.Args[0], c.Args[0]}
		}
	case row.Varargs: // sizes as arguments: np.random.rand(d0, d1), torch.rand(3, 4)
		dims = c.Args
	case row.Rule == npapi.ShapeRandom && row.ShapeArg > 0: // (low, high, size) / (loc, scale, size)
		if k := keyword(c, row.ShapeKw); k != nil {
			dims = []ast.Expr{k}
		} else if len(c.Args) > row.ShapeArg {
			dims = c.Args[row.ShapeArg : row.ShapeArg+1]
		} else {
			return 1, true, false
		}
	default: // zeros, ones, empty, full, random, random_sample: a shape first
		dims = shapeFirst(c, torch)
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

// tableRow returns the API table's row for a constructor call: NumPy's callee, or for torch's
// constructors (which take their sizes where NumPy's do) the row of the same name; nil when
// there is none.
func tableRow(info *arrays.Info, c *ast.Call) *npapi.Func {
	if cal, ok := info.Callee(c); ok && cal.Func != nil {
		return cal.Func
	}
	fn := ""
	switch f := c.Func.(type) {
	case *ast.Attribute:
		fn = f.Attr
	case *ast.Name:
		fn = f.ID
	}
	if row, ok := npapi.Lookup(fn); ok {
		return row
	}
	if row, ok := npapi.Lookup("random." + fn); ok {
		return row // torch.rand(3, 4) as np.random.rand
	}
	return nil
}

// shapeFirst returns the size arguments of a call that takes a shape first (size= or shape= by
// keyword; torch's as separate ints).
func shapeFirst(c *ast.Call, torch bool) []ast.Expr {
	switch {
	case keyword(c, "size") != nil:
		return []ast.Expr{keyword(c, "size")}
	case keyword(c, "shape") != nil:
		return []ast.Expr{keyword(c, "shape")}
	case torch:
		return c.Args // torch.zeros(3, 4)
	case len(c.Args) > 0:
		return c.Args[:1]
	}
	return nil
}

// defaultLength is the length of a range row's result when the call leaves out its count: the
// table's rule applied to no arguments (linspace's num=50).
func defaultLength(row *npapi.Func) (elems int64, known, symbolic bool) {
	r, ok := npapi.Apply(row, &npapi.Call{})
	if !ok || len(r.Outs) != 1 {
		return 0, false, false
	}
	n, ok := npapi.Size(r.Outs[0].Shape)
	return n, ok, false
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
