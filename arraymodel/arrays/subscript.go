package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines indexing: basic slicing (views) and advanced indexing (copies).

func (w *walker) subscript(e *ast.Subscript) value {
	base := w.eval(e.Value)
	idx := w.evalIndex(e.Slice)
	switch base.kind {
	case vTuple:
		if idx.kind == vScalar && idx.known {
			i := idx.i
			if i < 0 {
				i += int64(len(base.elems))
			}
			if i >= 0 && i < int64(len(base.elems)) {
				return base.elems[i]
			}
		}
		return unknown
	case vArray:
		if base.arr.Role == IndexTuple {
			// nonzero(m)[0]: one of the index arrays
			if idx.kind == vScalar && idx.dtype.IsInteger() {
				ix := *base.arr
				ix.Role = IndexArray
				return arrValue(&ix)
			}
			return unknown
		}
		return w.index(e, base.arr, e.Slice, idx)
	}
	return unknown
}

// evalIndex evaluates an index expression, including slices and tuples of them.
func (w *walker) evalIndex(x ast.Expr) value {
	switch x := x.(type) {
	case *ast.Slice:
		w.eval(x.Lower)
		w.eval(x.Upper)
		w.eval(x.Step)
		return unknown
	case *ast.Tuple:
		v := value{kind: vTuple}
		for _, el := range x.Elts {
			v.elems = append(v.elems, w.evalIndex(el))
		}
		w.record(x, v)
		return v
	}
	return w.eval(x)
}

// index applies an index to an array: basic indexing gives a view, advanced indexing a copy.
func (w *walker) index(e *ast.Subscript, a *Array, sx ast.Expr, idx value) value {
	items := []ast.Expr{sx}
	vals := []value{idx}
	if t, ok := sx.(*ast.Tuple); ok {
		items, vals = t.Elts, idx.elems
		if len(vals) != len(items) {
			return unknown
		}
	}
	// Advanced indexing: any array (or index tuple / list) among the items.
	for i, v := range vals {
		if v.kind == vArray || (v.kind == vTuple && items[i] != sx) || isListExpr(items[i]) {
			return w.advanced(e, a, vals)
		}
	}
	if idx.kind == vArray {
		return w.advanced(e, a, vals)
	}
	var shape []Dim
	dim := 0
	rankKnown := a.Shape != nil
	for i, it := range items {
		v := vals[i]
		switch it := it.(type) {
		case *ast.Slice:
			var d Dim
			if rankKnown && dim < len(a.Shape) {
				d = w.sliceLen(it, a.Shape[dim])
			} else {
				d = w.sliceLen(it, Dim{})
			}
			shape = append(shape, d)
			dim++
		case *ast.Constant:
			switch it.Value.Kind {
			case ast.ConstNone:
				shape = append(shape, Int(1))
			case ast.ConstEllipsis:
				if !rankKnown {
					return arrValue(w.viewWithShape(a, e, nil))
				}
				rest := 0
				for _, o := range items[i+1:] {
					if !isNewAxis(o) {
						rest++
					}
				}
				for dim < len(a.Shape)-rest {
					shape = append(shape, a.Shape[dim])
					dim++
				}
			case ast.ConstInt:
				dim++
			default:
				return unknown
			}
		default:
			if v.kind == vScalar && v.dtype.IsInteger() {
				dim++ // an integer index drops the dimension
				continue
			}
			return unknown
		}
	}
	if !rankKnown {
		return arrValue(w.viewWithShape(a, e, nil))
	}
	if dim > len(a.Shape) {
		return unknown // too many indices: IndexError
	}
	shape = append(shape, a.Shape[dim:]...)
	if len(shape) == 0 {
		return value{kind: vScalar, dtype: a.DType}
	}
	return arrValue(w.viewWithShape(a, e, shape))
}

func isListExpr(x ast.Expr) bool {
	_, ok := x.(*ast.List)
	return ok
}

func isNewAxis(x ast.Expr) bool {
	c, ok := x.(*ast.Constant)
	return ok && c.Value.Kind == ast.ConstNone
}

func (w *walker) viewWithShape(a *Array, e ast.Node, shape []Dim) *Array {
	v := w.viewOf(a, e)
	v.Shape = shape
	return v
}

// advanced models fancy and boolean indexing: always a fresh copy.
func (w *walker) advanced(e *ast.Subscript, a *Array, vals []value) value {
	out := fresh(a.Backend, a.DType, nil, e)
	if len(vals) == 1 && vals[0].kind == vArray {
		ix := vals[0].arr
		switch {
		case ix.DType == npapi.Bool && ix.Shape != nil && a.Shape != nil && len(ix.Shape) <= len(a.Shape):
			out.Shape = append([]Dim{{}}, a.Shape[len(ix.Shape):]...)
		case ix.Role == IndexTuple && a.Shape != nil && len(a.Shape) == 1:
			out.Shape = []Dim{ix.Shape[0]}
		case ix.DType.IsInteger() && ix.Role != IndexTuple && ix.Shape != nil && len(a.Shape) > 0:
			out.Shape = append(append([]Dim{}, ix.Shape...), a.Shape[1:]...)
		}
	}
	return arrValue(out)
}

// sliceLen returns the length of slice s applied to a dimension of length d.
func (w *walker) sliceLen(s *ast.Slice, d Dim) Dim {
	if s.Step != nil {
		st, ok := w.intFact(s.Step)
		if !ok || st != 1 {
			if ok && st > 0 && s.Lower == nil && s.Upper == nil && d.Known {
				return Int((d.N + st - 1) / st)
			}
			return Dim{}
		}
	}
	if s.Lower == nil && s.Upper == nil {
		return d
	}
	// a[s:s+K] and a[s:min(s+K, n)]: K elements when in range (the last chunk may be shorter).
	if k, ok := w.offsetFrom(s.Lower, s.Upper); ok {
		return Int(k)
	}
	lo, loOK := int64(0), s.Lower == nil
	if !loOK {
		lo, loOK = w.intFact(s.Lower)
	}
	hi, hiOK := int64(0), false
	if s.Upper != nil {
		hi, hiOK = w.intFact(s.Upper)
	} else if d.Known {
		hi, hiOK = d.N, true
	}
	if !loOK || !hiOK {
		return Dim{}
	}
	if !d.Known {
		if lo >= 0 && hi >= 0 && s.Lower != nil && s.Upper != nil && hi >= lo {
			return Dim{} // a[2:10] of an array of unknown length may be shorter than 8
		}
		return Dim{}
	}
	lo, hi = clampIndex(lo, d.N), clampIndex(hi, d.N)
	return Int(max(hi-lo, 0))
}

func clampIndex(i, n int64) int64 {
	if i < 0 {
		i += n
	}
	return min(max(i, 0), n)
}

// offsetFrom recognizes upper bounds K past the lower bound: `s:s+K`, `s:min(s+K, n)` and
// `i*K:(i+1)*K`, returning K.
func (w *walker) offsetFrom(lower, upper ast.Expr) (int64, bool) {
	if lower == nil || upper == nil {
		return 0, false
	}
	if c, ok := upper.(*ast.Call); ok {
		if n, ok := c.Func.(*ast.Name); ok && n.ID == "min" && len(c.Args) == 2 {
			for _, a := range c.Args {
				if k, ok := w.offsetFrom(lower, a); ok {
					return k, true
				}
			}
		}
		return 0, false
	}
	b, ok := upper.(*ast.BinOp)
	if !ok {
		return 0, false
	}
	if b.Op == ast.Add && sameExpr(b.Left, lower) {
		if k, ok := w.intFact(b.Right); ok && k > 0 {
			return k, true
		}
	}
	// i*K : (i+1)*K
	lb, ok := lower.(*ast.BinOp)
	if ok && lb.Op == ast.Mult && b.Op == ast.Mult && sameExpr(lb.Right, b.Right) {
		if inc, ok := b.Left.(*ast.BinOp); ok && inc.Op == ast.Add && sameExpr(inc.Left, lb.Left) {
			if one, ok := w.intFact(inc.Right); ok && one == 1 {
				if k, ok := w.intFact(b.Right); ok && k > 0 {
					return k, true
				}
			}
		}
	}
	return 0, false
}

// sameExpr reports whether two expressions are the same Name, attribute chain or constant.
func sameExpr(a, b ast.Expr) bool {
	switch a := a.(type) {
	case *ast.Name:
		b, ok := b.(*ast.Name)
		return ok && a.ID == b.ID
	case *ast.Attribute:
		b, ok := b.(*ast.Attribute)
		return ok && a.Attr == b.Attr && sameExpr(a.Value, b.Value)
	case *ast.Constant:
		b, ok := b.(*ast.Constant)
		return ok && a.Value.Kind == b.Value.Kind && a.Value.Int == b.Value.Int && a.Value.Big == nil && b.Value.Big == nil
	}
	return false
}

// SameExpr reports whether two expressions are syntactically the same Name, attribute chain
// (x.y.z) or small constant; rules use it to match `a = a + b` and `z[idx] = v[idx]`.
func SameExpr(a, b ast.Expr) bool { return sameExpr(a, b) }

// intFact is Int for the walker: the fact of an expression this walk has just evaluated.
func (w *walker) intFact(e ast.Expr) (int64, bool) {
	v := w.info.facts[e]
	if v.kind == vScalar && v.known {
		return v.i, true
	}
	return 0, false
}
