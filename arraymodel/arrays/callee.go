package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// Callee describes the target of a call into the array API.
type Callee struct {
	Func *npapi.Func
	// Ref is the resolved library function (for Method and Generator calls it is zero).
	Ref imports.Ref
	// Method is set for ndarray methods (x.astype) and Generator for random-generator methods
	// (rng.random); Recv is then the receiver expression.
	Method, Generator bool
	Recv              ast.Expr
}

// Callee returns what call calls when it is an array-library function in the npapi table, a
// method of a known array, or a method of a known random generator.
func (info *Info) Callee(call *ast.Call) (Callee, bool) { return info.callee(call, info.fact) }

// callee is Callee reading facts through fact (the collector reads them while a run holds the
// lock that Info.fact takes).
func (info *Info) callee(call *ast.Call, fact func(ast.Expr) value) (Callee, bool) {
	if ref, ok := info.imp.Resolve(call.Func); ok {
		if f, ok := npapi.Lookup(ref.API); ok {
			return Callee{Func: f, Ref: ref}, true
		}
		return Callee{}, false
	}
	at, ok := call.Func.(*ast.Attribute)
	if !ok {
		return Callee{}, false
	}
	if !info.mayArrays || !npapi.Named(at.Attr) {
		return Callee{}, false // (without asking about the receiver, which may need its scope's run)
	}
	switch recv := fact(at.Value); recv.kind {
	case vArray:
		if f, ok := npapi.Method(at.Attr); ok {
			return Callee{Func: f, Method: true, Recv: at.Value}, true
		}
	case vGenerator:
		if f, ok := npapi.GeneratorMethod(at.Attr); ok {
			return Callee{Func: f, Generator: true, Recv: at.Value}, true
		}
	case vModule:
		// a call through an array module held in a variable: xp.zeros(n)
		ref := recv.ref.Member(at.Attr)
		if f, ok := npapi.Lookup(ref.API); ok {
			return Callee{Func: f, Ref: ref}, true
		}
	}
	return Callee{}, false
}
