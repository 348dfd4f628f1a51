package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines how facts join, where an expression is seen holding different values.

func moduleValue(ref imports.Ref) value {
	if d, ok := npapi.DTypeName(ref.API); ok {
		return value{kind: vDType, dtype: d, backend: ref.Backend}
	}
	return value{kind: vModule, backend: ref.Backend, ref: &ref}
}

// join merges two values reaching the same point; what differs becomes unknown.
func join(a, b value) value {
	if a.kind != b.kind {
		return unknown
	}
	switch a.kind {
	case vUnknown:
		if a.sym.Equal(b.sym) {
			return a
		}
		return unknown
	case vScalar:
		out := value{kind: vScalar}
		if a.dtype == b.dtype {
			out.dtype = a.dtype
		}
		if a.known && b.known && a.i == b.i {
			out.known, out.i = true, a.i
		}
		if !out.known && a.sym.Equal(b.sym) {
			out.sym = a.sym
		}
		return out
	case vArray:
		if a.arr == b.arr {
			return a
		}
		return arrValue(joinArrays(a.arr, b.arr))
	case vTuple:
		if len(a.elems) != len(b.elems) {
			return unknown
		}
		out := value{kind: vTuple}
		for i := range a.elems {
			out.elems = append(out.elems, join(a.elems[i], b.elems[i]))
		}
		return out
	case vDType:
		if a.dtype != b.dtype {
			return value{kind: vDType}
		}
		return a
	}
	return a
}

func joinArrays(a, b *Array) *Array {
	out := &Array{Backend: a.Backend | b.Backend, Origin: External}
	if a.DType == b.DType {
		out.DType = a.DType
	}
	if a.Origin == b.Origin {
		out.Origin = a.Origin
	}
	if a.Role == b.Role {
		out.Role = a.Role
	}
	if a.Alloc == b.Alloc {
		out.Alloc = a.Alloc
	}
	if a.ViewOf == b.ViewOf {
		out.ViewOf = a.ViewOf
	} else if out.Origin == View {
		out.Origin = External
	}
	if a.Producer == b.Producer {
		out.Producer, out.MaskExpr = a.Producer, a.MaskExpr
	}
	if a.Shape != nil && b.Shape != nil && len(a.Shape) == len(b.Shape) {
		out.Shape = make([]Dim, len(a.Shape))
		for i := range a.Shape {
			x, y := a.Shape[i], b.Shape[i]
			if x.Known && y.Known && x.N == y.N || !x.Known && !y.Known && x.Sym.Equal(y.Sym) {
				out.Shape[i] = x
			}
		}
	}
	return out
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
