package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines helpers of the facts: module values and syntactic sameness.

func moduleValue(ref imports.Ref) value {
	if d, ok := npapi.DTypeName(ref.API); ok {
		return value{kind: vDType, dtype: d, backend: ref.Backend}
	}
	return value{kind: vModule, backend: ref.Backend, ref: &ref}
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
