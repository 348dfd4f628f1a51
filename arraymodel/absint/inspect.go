package absint

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines how a client reads a value.

// Kind is the kind of an abstract value.
type Kind uint8

// The kinds of values.
const (
	KUnknown   Kind = iota
	KInt            // a Python int or bool (Int, Known, Sym)
	KFloat          // a float or complex number, or a NumPy scalar (DType, Complex)
	KStr            // a str (Str)
	KNone           // None
	KTuple          // a tuple (Elems)
	KList           // a list (Elems)
	KDType          // a dtype (DType)
	KModule         // an array library or one of its members (Ref)
	KFunc           // a function of the file
	KRNG            // a random generator or key (JAX)
	KArray          // an array (Obj)
	KNamespace      // an argparse namespace
)

// ValueInfo is what a client can read of a value.
type ValueInfo struct {
	Kind  Kind
	Int   int64       // KInt: the value when Known
	Float float64     // KFloat: a real float's value when Known
	Known bool        // KInt, KFloat
	Sym   *npapi.Poly // KInt, KUnknown: the polynomial an unknown int (or parameter) equals
	// Data: KInt, a length that comes from the data (provenance.go); KUnknown, the shape tuple
	// of an input of unknown rank. Local: KUnknown, a container the code builds itself.
	Data, Local bool
	DType       npapi.DType     // KFloat: a NumPy scalar's dtype (NoDType for a Python number); KDType
	Complex     bool            // KFloat
	Str         string          // KStr
	Elems       []Value         // KTuple, KList
	Ref         imports.Ref     // KModule
	JAX         bool            // KRNG
	Backend     imports.Backend // KRNG: the library whose arrays it draws
	Obj         *Obj            // KArray
}

// Inspect returns what a client can read of v.
func Inspect(v Value) ValueInfo {
	switch v := v.(type) {
	case vInt:
		return ValueInfo{Kind: KInt, Int: v.n, Known: v.known, Sym: v.sym, Data: v.data}
	case vFloat:
		return ValueInfo{Kind: KFloat, DType: v.dt, Complex: v.complex, Float: v.f, Known: v.known}
	case vStr:
		return ValueInfo{Kind: KStr, Str: v.s}
	case vNone:
		return ValueInfo{Kind: KNone}
	case vTuple:
		return ValueInfo{Kind: KTuple, Elems: v.elts}
	case vList:
		return ValueInfo{Kind: KList, Elems: v.l.elts}
	case vDType:
		return ValueInfo{Kind: KDType, DType: v.dt}
	case vModule:
		return ValueInfo{Kind: KModule, Ref: v.ref}
	case vFunc:
		return ValueInfo{Kind: KFunc}
	case vRNG:
		return ValueInfo{Kind: KRNG, JAX: v.jax, Backend: v.backend}
	case vArray:
		if v.o != nil {
			return ValueInfo{Kind: KArray, Obj: v.o}
		}
	case vNamespace:
		return ValueInfo{Kind: KNamespace}
	case vUnknown:
		return ValueInfo{Kind: KUnknown, Sym: v.sym}
	case vLocal:
		return ValueInfo{Kind: KUnknown, Local: true}
	case vShapeOf:
		return ValueInfo{Kind: KUnknown, Data: true}
	}
	return ValueInfo{}
}

// IsUnknown reports whether v is a value the interpreter knows nothing of (not even a symbol).
func IsUnknown(v Value) bool {
	u, ok := v.(vUnknown)
	return ok && u.sym == nil
}

// IsTuple reports whether v is a tuple.
func IsTuple(v Value) bool {
	_, ok := v.(vTuple)
	return ok
}

// Constant returns the value of a Python constant (what evaluating it gives).
func Constant(c ast.ConstValue) Value { return constOf(c) }

// Final returns the value name holds in the scope's frame at the end of the run.
func (s *Interp) Final(name string) (Value, bool) {
	v, ok := s.root.own().vars[name]
	return v, ok
}
