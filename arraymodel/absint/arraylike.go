package absint

import (
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file keeps the estimate honest about arithmetic on a value of unknown type that the code
// uses as an array elsewhere: `(X - mu) / X.std(axis=0)` with X a parameter makes arrays of X's
// size, which the estimate cannot count. Such arithmetic is listed under unknown (the peak is a
// lower bound) when the function shows X is an array — reads X.shape, X.T, X.ndim or X.dtype,
// calls X.reshape, X.astype, X.ravel or a reduction with an axis, indexes X with slices in a
// tuple or multiplies it with @ — and `a @ b` on values of unknown type is listed always. A
// number of unknown value (`I + warmup`) shows none of these and stays out: listing every
// operation on values of unknown type made exact estimates of real programs lower bounds for
// parameters that are numbers, and so does counting a name handed to np.sqrt or np.abs, which
// take numbers as well.

// arrayAttrs are the attributes and methods only arrays (and array-likes) have.
var arrayAttrs = map[string]bool{
	"shape": true, "ndim": true, "T": true, "dtype": true, "reshape": true, "astype": true,
	"ravel": true, "flatten": true, "transpose": true, "swapaxes": true,
}

// axisReduction reports whether a method is an array's when called with an axis: a reduction
// of the API table's ndarray methods.
func axisReduction(name string) bool {
	f, ok := npapi.Method(name)
	return ok && f.Kind == npapi.Reduction
}

// arrayNames returns the names fn's body (its nested functions left out) uses as arrays, made
// once per function.
func (s *Interp) arrayNames(fn *ast.FunctionDef) map[string]bool {
	if fn == nil {
		return nil
	}
	if s.fs.arrayNames == nil {
		s.fs.arrayNames = map[*ast.FunctionDef]map[string]bool{}
	}
	if m, ok := s.fs.arrayNames[fn]; ok {
		return m
	}
	m := map[string]bool{}
	name := func(e ast.Expr) (string, bool) {
		n, ok := e.(*ast.Name)
		if !ok {
			return "", false
		}
		return n.ID, true
	}
	for _, st := range fn.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FunctionDef, *ast.Lambda, *ast.ClassDef:
				return false
			case *ast.Attribute:
				if id, ok := name(n.Value); ok && arrayAttrs[n.Attr] {
					m[id] = true
				}
			case *ast.Call:
				if at, ok := n.Func.(*ast.Attribute); ok && axisReduction(at.Attr) {
					if id, ok := name(at.Value); ok && hasAxis(n) {
						m[id] = true
					}
				}
			case *ast.Subscript:
				if t, ok := n.Slice.(*ast.Tuple); ok && sliceInTuple(t) {
					if id, ok := name(n.Value); ok {
						m[id] = true
					}
				}
			case *ast.BinOp:
				if n.Op == ast.MatMult {
					for _, e := range []ast.Expr{n.Left, n.Right} {
						if id, ok := name(e); ok {
							m[id] = true
						}
					}
				}
			}
			return true
		})
	}
	s.fs.arrayNames[fn] = m
	return m
}

// hasAxis reports whether a call passes an axis: axis=…, or a first positional int.
func hasAxis(c *ast.Call) bool {
	for _, k := range c.Keywords {
		if k.Arg == "axis" {
			return true
		}
	}
	if len(c.Args) > 0 {
		if k, ok := c.Args[0].(*ast.Constant); ok && k.Value.Kind == ast.ConstInt {
			return true
		}
	}
	return false
}

// sliceInTuple reports whether a tuple index holds a slice, an Ellipsis or None (X[:, i],
// X[..., 0], X[None, :]): indexing only arrays take.
func sliceInTuple(t *ast.Tuple) bool {
	for _, e := range t.Elts {
		switch e := e.(type) {
		case *ast.Slice:
			return true
		case *ast.Constant:
			if e.Value.Kind == ast.ConstEllipsis || e.Value.Kind == ast.ConstNone {
				return true
			}
		}
	}
	return false
}

// arithmeticOnArrayLike lists e, arithmetic on operands that are not arrays to the estimate,
// when an operand of unknown type is a name the running function uses as an array (once per
// name), or when it is `a @ b`: it makes an array of a size nothing here says.
func (s *Interp) arithmeticOnArrayLike(op ast.Operator, l, r value, e ast.Node) {
	if !s.cfg.Strategy.listsGaps() {
		return
	}
	b, ok := e.(*ast.BinOp)
	if !ok {
		return
	}
	_, lu := l.(vUnknown)
	_, ru := r.(vUnknown)
	if !lu && !ru {
		return
	}
	if op == ast.MatMult {
		s.addUnknown(e, s.text(e), "`@` on values of unknown type makes an array of a size not known", nil, "")
		return
	}
	names := s.arrayNames(s.top().fn)
	for _, side := range []struct {
		unknown bool
		expr    ast.Expr
	}{{lu, b.Left}, {ru, b.Right}} {
		if n, ok := side.expr.(*ast.Name); ok && side.unknown && names[n.ID] {
			if s.arrayLikeListed[n.ID] {
				return
			}
			if s.arrayLikeListed == nil {
				s.arrayLikeListed = map[string]bool{}
			}
			s.arrayLikeListed[n.ID] = true
			s.addUnknown(e, s.text(e), "arithmetic on `"+n.ID+"`, which the function uses as an array of a size not known", nil, "")
			return
		}
	}
}
