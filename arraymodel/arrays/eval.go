package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines expression evaluation over abstract values.

// eval computes e's value in the current environment and records it as a fact.
func (w *walker) eval(e ast.Expr) value {
	if e == nil {
		return unknown
	}
	v := w.evalNoRecord(e)
	w.record(e, v)
	return v
}

// record sets n's fact. Unknown is not stored (a missing fact reads as unknown), which keeps
// the map about half the size; a stale fact from an earlier walk of a loop body is removed.
func (w *walker) record(n ast.Node, v value) {
	if v.kind == vUnknown {
		delete(w.info.facts, n)
		return
	}
	w.info.facts[n] = v
}

func (w *walker) evalNoRecord(e ast.Expr) value {
	switch e := e.(type) {
	case *ast.Constant:
		return constValue(e.Value)
	case *ast.Name:
		return w.lookup(e)
	case *ast.Attribute:
		return w.attribute(e)
	case *ast.BinOp:
		return w.binop(e, w.eval(e.Left), w.eval(e.Right))
	case *ast.UnaryOp:
		return w.unary(e)
	case *ast.Compare:
		l := w.eval(e.Left)
		for _, c := range e.Comparators {
			r := w.eval(c)
			if l.kind == vUnknown || r.kind == vUnknown {
				l = unknown // an unknown operand may be an array
				continue
			}
			if l.kind == vArray || r.kind == vArray {
				a := w.broadcast(e, l, r)
				if a == nil {
					return unknown
				}
				a.DType, a.Role = npapi.Bool, Mask
				l = arrValue(a)
			} else {
				l = value{kind: vScalar, dtype: npapi.WeakBool}
			}
		}
		if len(e.Ops) > 1 && l.kind == vArray {
			return unknown // chained comparisons on arrays raise
		}
		return l
	case *ast.BoolOp:
		for _, x := range e.Values {
			w.eval(x)
		}
		return unknown
	case *ast.Tuple:
		return w.sequence(e.Elts)
	case *ast.List:
		return w.sequence(e.Elts)
	case *ast.Call:
		return w.call(e)
	case *ast.Subscript:
		return w.subscript(e)
	case *ast.IfExp:
		w.eval(e.Test)
		return join(w.eval(e.Body), w.eval(e.Orelse))
	case *ast.NamedExpr:
		v := w.eval(e.Value)
		if n, ok := e.Target.(*ast.Name); ok {
			w.assignName(n, v)
		}
		return v
	case *ast.Starred:
		w.eval(e.Value)
		return unknown
	case *ast.ListComp:
		return w.comprehension(e.Generators, e.Elt)
	case *ast.SetComp:
		return w.comprehension(e.Generators, e.Elt)
	case *ast.GeneratorExp:
		return w.comprehension(e.Generators, e.Elt)
	case *ast.DictComp:
		return w.comprehension(e.Generators, e.Key, e.Value)
	case *ast.Lambda:
		return unknown // its own scope: not walked for facts
	default:
		ast.ForEachChild(e, func(c ast.Node) {
			if x, ok := c.(ast.Expr); ok {
				w.eval(x)
			}
		})
		return unknown
	}
}

func (w *walker) sequence(elts []ast.Expr) value {
	v := value{kind: vTuple}
	if len(elts) > 0 {
		v.elems = make([]value, 0, len(elts))
	}
	for _, x := range elts {
		v.elems = append(v.elems, w.eval(x))
	}
	return v
}

func constValue(c ast.ConstValue) value {
	switch c.Kind {
	case ast.ConstInt:
		if c.Big != nil {
			return value{kind: vScalar, dtype: npapi.WeakInt}
		}
		return intValue(c.Int)
	case ast.ConstFloat:
		return value{kind: vScalar, dtype: npapi.WeakFloat}
	case ast.ConstComplex:
		return value{kind: vScalar, dtype: npapi.WeakComplex}
	case ast.ConstBool:
		return value{kind: vScalar, dtype: npapi.WeakBool}
	case ast.ConstStr:
		if d, ok := npapi.ParseDType(c.Str); ok {
			return value{kind: vDType, dtype: d} // "float32" is usable as a dtype
		}
	case ast.ConstNone:
		return value{kind: vNone}
	}
	return unknown
}

// lookup returns a Name's value: an array-library reference, the local value, or the value an
// enclosing scope binds exactly once.
// lookup returns what the name n holds; a name whose value the program leaves unknown holds
// the user's assumed value when there is one (see AnalyzeWith).
func (w *walker) lookup(n *ast.Name) value {
	v := w.lookup1(n)
	if a, ok := w.info.assume[n.ID]; ok && (v.kind == vUnknown || (v.kind == vScalar && !v.known)) {
		return intValue(a)
	}
	return v
}

func (w *walker) lookup1(n *ast.Name) value {
	if ref, ok := w.info.imp.Resolve(n); ok {
		return moduleValue(ref)
	}
	if v, ok := w.env[n.ID]; ok {
		return v
	}
	switch n.ID {
	case "float":
		return value{kind: vDType, dtype: npapi.Float64}
	case "int":
		return value{kind: vDType, dtype: npapi.Int64}
	case "complex":
		return value{kind: vDType, dtype: npapi.Complex128}
	case "bool":
		return value{kind: vDType, dtype: npapi.Bool}
	}
	s := w.info.imp.ScopeOf(n)
	if s == nil {
		return unknown
	}
	def := s.Lookup(n.ID)
	if def == nil || def == w.scope || len(def.Bindings[n.ID]) != 1 {
		return unknown
	}
	if env, ok := w.final[def]; ok {
		return env[n.ID]
	}
	return unknown
}

func moduleValue(ref imports.Ref) value {
	if d, ok := npapi.DTypeName(ref.API); ok {
		return value{kind: vDType, dtype: d, backend: ref.Backend}
	}
	return value{kind: vModule, backend: ref.Backend, ref: &ref}
}

// moduleAttr is w.eval(e) for an attribute that resolves to ref.
func (w *walker) moduleAttr(e *ast.Attribute, ref imports.Ref) value {
	w.record(e.Value, w.evalNoRecord(e.Value))
	v := moduleValue(ref)
	w.record(e, v)
	return v
}

func (w *walker) attribute(e *ast.Attribute) value {
	if ref, ok := w.info.imp.Resolve(e); ok {
		w.record(e.Value, w.evalNoRecord(e.Value))
		return moduleValue(ref)
	}
	base := w.eval(e.Value)
	if base.kind == vNamespace {
		return w.info.namespaceAttr(e.Attr)
	}
	if base.kind == vModule && base.ref != nil {
		// An array module held in a variable (`xp = cupy.get_array_module(x)`): its members.
		return moduleValue(base.ref.Member(e.Attr))
	}
	if base.kind != vArray {
		return unknown
	}
	a := base.arr
	switch e.Attr {
	case "shape":
		if a.Shape == nil {
			return unknown
		}
		t := value{kind: vTuple}
		for _, d := range a.Shape {
			t.elems = append(t.elems, dimValue(d))
		}
		return t
	case "size":
		if n, ok := a.Size(); ok {
			return intValue(n)
		}
		return value{kind: vScalar, dtype: npapi.WeakInt}
	case "ndim":
		if a.Shape != nil {
			return intValue(int64(len(a.Shape)))
		}
		return value{kind: vScalar, dtype: npapi.WeakInt}
	case "nbytes":
		if n, ok := a.NBytes(); ok {
			return intValue(n)
		}
		return value{kind: vScalar, dtype: npapi.WeakInt}
	case "dtype":
		return value{kind: vDType, dtype: a.DType}
	case "T", "mT":
		v := w.viewOf(a, e)
		if a.Shape != nil {
			v.Shape = reversed(a.Shape)
		}
		return arrValue(v)
	case "real", "imag":
		v := w.viewOf(a, e)
		switch a.DType {
		case npapi.Complex64:
			v.DType = npapi.Float32
		case npapi.Complex128:
			v.DType = npapi.Float64
		}
		return arrValue(v)
	case "flat":
		return unknown
	}
	return unknown
}

func dimValue(d Dim) value {
	if d.Known {
		return intValue(d.N)
	}
	return value{kind: vScalar, dtype: npapi.WeakInt, sym: d.Sym}
}

func reversed(s []Dim) []Dim {
	out := make([]Dim, len(s))
	for i, d := range s {
		out[len(s)-1-i] = d
	}
	return out
}

// viewOf returns a new view of a created at expression n.
func (w *walker) viewOf(a *Array, n ast.Node) *Array {
	return &Array{Backend: a.Backend, DType: a.DType, Shape: a.Shape, Origin: View, Alloc: a.Base().Alloc,
		ViewOf: a.Base(), Role: a.Role}
}

// fresh returns a newly allocated array made at n.
func fresh(b imports.Backend, dt npapi.DType, shape []Dim, n ast.Node) *Array {
	return &Array{Backend: b, DType: dt, Shape: shape, Origin: Fresh, Alloc: n}
}

func (w *walker) unary(e *ast.UnaryOp) value {
	v := w.eval(e.Operand)
	switch v.kind {
	case vArray:
		a := fresh(v.arr.Backend, v.arr.DType, v.arr.Shape, e)
		if e.Op == ast.Not {
			return unknown // `not array` raises for size > 1
		}
		if e.Op == ast.Invert && v.arr.DType == npapi.Bool {
			a.Role = Mask
		}
		return arrValue(a)
	case vScalar:
		if e.Op == ast.USub && v.known {
			return intValue(-v.i)
		}
		if e.Op == ast.UAdd {
			return v
		}
		if e.Op == ast.Not {
			return value{kind: vScalar, dtype: npapi.WeakBool}
		}
		return value{kind: vScalar, dtype: v.dtype}
	}
	return unknown
}

// binop evaluates an arithmetic, bitwise or matrix operator.
func (w *walker) binop(e *ast.BinOp, l, r value) value {
	if v, ok := symbolicOp(e.Op, l, r); ok {
		return v
	}
	if l.kind == vScalar && r.kind == vScalar {
		return scalarOp(e.Op, l, r)
	}
	if l.kind == vTuple && r.kind == vTuple && e.Op == ast.Add {
		return value{kind: vTuple, elems: append(append([]value{}, l.elems...), r.elems...)}
	}
	if l.kind != vArray && r.kind != vArray {
		return unknown
	}
	if e.Op == ast.MatMult {
		return w.matmul(e, l, r)
	}
	a := w.broadcast(e, l, r)
	if a == nil {
		return unknown
	}
	ld, rd := operandDType(l), operandDType(r)
	switch e.Op {
	case ast.Div:
		a.DType = npapi.TrueDivide(ld, rd).Default()
	case ast.BitAnd, ast.BitOr, ast.BitXor:
		a.DType = npapi.Promote(ld, rd).Default()
		if a.DType == npapi.Bool {
			a.Role = Mask
		}
	default:
		a.DType = npapi.Promote(ld, rd).Default()
	}
	if !a.DType.Known() {
		a.DType = npapi.NoDType
	}
	return arrValue(a)
}

func operandDType(v value) npapi.DType {
	switch v.kind {
	case vArray:
		return v.arr.DType
	case vScalar:
		return v.dtype
	}
	return npapi.NoDType
}

func (w *walker) matmul(e ast.Node, l, r value) value {
	if l.kind != vArray || r.kind != vArray {
		return unknown
	}
	dt := npapi.Promote(l.arr.DType, r.arr.DType)
	shape, scalar := npapi.MatmulShape(l.arr.Shape, r.arr.Shape)
	if scalar {
		return value{kind: vScalar, dtype: dt}
	}
	return arrValue(fresh(l.arr.Backend|r.arr.Backend, dt, shape, e))
}

// broadcast returns a fresh array (dtype unset) with the broadcast shape of two operands, at
// least one of which is an array; nil when the other operand is not a number or array.
func (w *walker) broadcast(n ast.Node, l, r value) *Array {
	var shapes [][]Dim
	var b imports.Backend
	for _, v := range []value{l, r} {
		switch v.kind {
		case vArray:
			shapes = append(shapes, v.arr.Shape)
			b |= v.arr.Backend
		case vScalar:
			shapes = append(shapes, []Dim{})
		default:
			// an unknown operand may itself be an array of any shape
			shapes = append(shapes, nil)
		}
	}
	return fresh(b, npapi.NoDType, npapi.Broadcast(shapes[0], shapes[1]), n)
}

// scalarOp folds integer arithmetic and propagates scalar dtypes.
func scalarOp(op ast.Operator, l, r value) value {
	dt := npapi.Promote(l.dtype, r.dtype)
	if op == ast.Div {
		dt = npapi.TrueDivide(l.dtype, r.dtype)
	}
	out := value{kind: vScalar, dtype: dt}
	if !l.known || !r.known || !l.dtype.IsInteger() || !r.dtype.IsInteger() {
		return out
	}
	x, y := l.i, r.i
	var z int64
	switch op {
	case ast.Add:
		z = x + y
		if (z > x) != (y > 0) {
			return out
		}
	case ast.Sub:
		z = x - y
		if (z < x) != (y > 0) {
			return out
		}
	case ast.Mult:
		if x != 0 && (abs(y) > (1<<62)/abs(x)) {
			return out
		}
		z = x * y
	case ast.FloorDiv:
		if y == 0 {
			return out
		}
		z = x / y
		if (x%y != 0) && ((x < 0) != (y < 0)) {
			z--
		}
	case ast.Mod:
		if y == 0 {
			return out
		}
		z = x % y
		if z != 0 && (z < 0) != (y < 0) {
			z += y
		}
	case ast.Pow:
		if y < 0 || y > 62 {
			return out
		}
		z = 1
		for k := int64(0); k < y; k++ {
			if abs(z) > (1<<62)/max(abs(x), 1) {
				return out
			}
			z *= x
		}
	case ast.LShift:
		if y < 0 || y > 62 || abs(x) > (1<<62)>>y {
			return out
		}
		z = x << y
	case ast.RShift:
		if y < 0 || y > 63 {
			return out
		}
		z = x >> y
	default:
		return out
	}
	return value{kind: vScalar, dtype: dt, known: true, i: z}
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// join merges two values reaching the same point; what differs becomes unknown.
func join(a, b value) value {
	if a.kind != b.kind {
		return unknown
	}
	switch a.kind {
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
			if a.Shape[i] == b.Shape[i] {
				out.Shape[i] = a.Shape[i]
			}
		}
	}
	return out
}

// symbolicOp evaluates +, -, *, // by a constant and ** by a constant on integers when one
// operand is symbolic (a parameter n, or a polynomial in such): the result is the polynomial
// (n + 1, 2*n, n//2), so sizes computed from inputs stay comparable. An operand of unknown kind
// that carries a symbol (an unannotated parameter) may be an array: the result then stays of
// unknown kind and keeps the polynomial only for use as a size.
func symbolicOp(op ast.Operator, l, r value) (value, bool) {
	lp, lk := intExpr(l)
	rp, rk := intExpr(r)
	if !lk || !rk || (l.sym == nil && r.sym == nil) {
		return unknown, false
	}
	var p *npapi.Poly
	switch op {
	case ast.Add:
		p = lp.Add(rp)
	case ast.Sub:
		p = lp.Sub(rp)
	case ast.Mult:
		p = lp.Mul(rp)
	case ast.FloorDiv:
		if c, ok := rp.Const(); ok && c > 0 {
			p = lp.FloorDiv(c)
		}
	case ast.Pow:
		if c, ok := rp.Const(); ok {
			p = lp.Pow(c)
		}
	}
	if p == nil {
		return unknown, false
	}
	out := value{kind: vScalar, dtype: npapi.WeakInt, sym: p}
	if l.kind == vUnknown || r.kind == vUnknown {
		out = value{kind: vUnknown, sym: p}
	}
	if c, ok := p.Const(); ok && out.kind == vScalar {
		return intValue(c), true
	}
	return out, true
}

// intExpr returns an integer value as a polynomial: its constant, or its symbol.
func intExpr(v value) (*npapi.Poly, bool) {
	switch {
	case v.kind == vScalar && v.known && v.dtype.IsInteger():
		return npapi.Const(v.i), true
	case (v.kind == vScalar && v.dtype.IsInteger() || v.kind == vUnknown) && v.sym != nil:
		return v.sym, true
	}
	return nil, false
}
