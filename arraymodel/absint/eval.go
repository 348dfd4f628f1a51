package absint

import (
	"cmp"
	"math"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines expression evaluation. eval returns a value holding one reference that the
// caller owns: it must bind it, pass it on, or decref it.

// vRange is range(start, stop, step).
type vRange struct {
	start, stop, step int64
	known             bool
}

func (r vRange) count() int64 {
	if r.step > 0 && r.stop > r.start {
		return (r.stop - r.start + r.step - 1) / r.step
	}
	if r.step < 0 && r.stop < r.start {
		return (r.start - r.stop - r.step - 1) / -r.step
	}
	return 0
}

func constValue(c *ast.Constant) value { return constOf(c.Value) }

// constOf is the value of a Python constant.
func constOf(v ast.ConstValue) value {
	c := struct{ Value ast.ConstValue }{v}
	switch c.Value.Kind {
	case ast.ConstInt:
		if c.Value.Big != nil {
			return vInt{}
		}
		return knownInt(c.Value.Int)
	case ast.ConstBool:
		if c.Value.Bool {
			return vInt{n: 1, known: true, boolean: true}
		}
		return vInt{n: 0, known: true, boolean: true}
	case ast.ConstFloat:
		return knownFloat(c.Value.Float)
	case ast.ConstComplex:
		return vFloat{complex: true, f: c.Value.Float, known: true} // purely imaginary
	case ast.ConstStr:
		return vStr{s: c.Value.Str}
	case ast.ConstNone:
		return vNone{}
	}
	return vUnknown{}
}

func (s *Interp) eval(e ast.Expr) value {
	v := s.eval1(e)
	if s.cfg.Observe != nil && e != nil && s.top() == s.root {
		s.cfg.Observe(e, v)
	}
	return v
}

func (s *Interp) eval1(e ast.Expr) value {
	switch e := e.(type) {
	case nil:
		return vNone{}
	case *ast.Constant:
		return constValue(e)
	case *ast.Name:
		v, ok := s.lookup(e)
		if !ok {
			if a, ok := s.assumedValue(e.ID); ok {
				return a
			}
			if dt, ok := builtinDType(e); ok {
				return vDType{dt} // float, int, complex, bool name dtypes too
			}
			if v, ok := s.stdlibName(e); ok {
				return v
			}
			return vUnknown{}
		}
		if i, ok := v.(vInt); ok && !i.known {
			if n, ok := s.assumed(e.ID); ok {
				return knownInt(n)
			}
		}
		if _, ok := v.(vUnknown); ok {
			if a, ok := s.assumedValue(e.ID); ok {
				return a
			}
		}
		incref(v)
		return v
	case *ast.Attribute:
		return s.evalAttr(e)
	case *ast.Subscript:
		return s.evalSubscript(e)
	case *ast.BinOp:
		l := s.eval(e.Left)
		r := s.eval(e.Right)
		return s.binop(e.Op, l, r, e)
	case *ast.UnaryOp:
		return s.unary(e.Op, s.eval(e.Operand), e)
	case *ast.Compare:
		l := s.eval(e.Left)
		for i, c := range e.Comparators {
			r := s.eval(c)
			l = s.compare(e.Ops[i], l, r, e)
		}
		return l
	case *ast.BoolOp:
		// `a and b` is a when a is false, else b; `a or b` is a when a is true, else b. An
		// operand of unknown truth makes the result unknown, and the rest is still evaluated
		// for what it allocates.
		stop := 0 // the truth that ends `and`
		if e.Op == ast.Or {
			stop = 1
		}
		known := true
		var last value = vUnknown{}
		for i, x := range e.Values {
			v := s.eval(x)
			if i == len(e.Values)-1 {
				last = v
				break
			}
			t := truth(v)
			if known && t == stop && s.cfg.Strategy.followsProgram() {
				return v // short-circuit: Python never evaluates the rest
			}
			if t < 0 {
				known = false
			}
			s.decref(v)
		}
		if _, ok := isArray(last); ok || known {
			return last
		}
		s.decref(last)
		return vUnknown{}
	case *ast.Call:
		return s.evalCall(e)
	case *ast.Tuple:
		elts, ok := s.displayElts(e.Elts)
		if !ok {
			return vUnknown{}
		}
		return vTuple{elts}
	case *ast.List:
		elts, ok := s.displayElts(e.Elts)
		if !ok {
			return vUnknown{}
		}
		return vList{&pyList{refs: 1, elts: elts}}
	case *ast.IfExp:
		t := s.eval(e.Test)
		s.decref(t)
		if s.cfg.Strategy.joinsPaths() && (truth(t) < 0 || !s.readsCommandLine(e.Test)) {
			// (`int(sys.argv[1]) if len(sys.argv) > 1 else 1000`: the program's default)
			return joinValues(s.eval(e.Body), s.eval(e.Orelse))
		}
		if truth(t) == 0 {
			return s.eval(e.Orelse)
		}
		return s.eval(e.Body)
	case *ast.NamedExpr:
		v := s.eval(e.Value)
		incref(v)
		s.assign(e.Target, v)
		return v
	case *ast.Starred:
		return s.eval(e.Value)
	case *ast.JoinedStr:
		for _, x := range e.Values {
			s.decref(s.eval(x))
		}
		return vStr{unknown: true} // an f-string: a str of run-time text
	case *ast.FormattedValue:
		s.decref(s.eval(e.Value))
		if e.FormatSpec != nil {
			s.decref(s.eval(e.FormatSpec))
		}
		return vStr{unknown: true}
	case *ast.Dict:
		// A dict holds its values: the ones that hold arrays are kept (they stay alive with
		// it); its keys and other values are evaluated and dropped.
		l := &pyList{refs: 1, keys: []string{}}
		for i, v := range e.Values {
			key := ""
			if i < len(e.Keys) && e.Keys[i] != nil {
				k := s.eval(e.Keys[i])
				key = dictKey(k)
				s.decref(k)
			}
			l.keepKeyed(s, key, s.eval(v))
		}
		return vDict{l}
	case *ast.Set:
		l := &pyList{refs: 1}
		for _, x := range e.Elts {
			l.keep(s, s.eval(x))
		}
		return vDict{l}
	case *ast.Yield:
		if e.Value != nil {
			s.decref(s.eval(e.Value))
		}
	case *ast.YieldFrom:
		s.decref(s.eval(e.Value))
	case *ast.ListComp:
		if s.cfg.Strategy.joinsPaths() {
			if v, ok := s.constComp(e.Elt, e.Generators); ok {
				return v
			}
			return s.comprehension(e.Generators, e.Elt)
		}
		return s.listComp(e.Elt, e.Generators)
	case *ast.SetComp:
		if s.cfg.Strategy.joinsPaths() {
			return s.comprehension(e.Generators, e.Elt)
		}
	case *ast.GeneratorExp:
		if s.cfg.Strategy.joinsPaths() {
			return s.comprehension(e.Generators, e.Elt)
		}
		// A generator consumed where it stands (a, b = (… for …), tuple(…), np.stack(…)) makes
		// all its elements; sum() and the like take them one at a time (lazyGen).
		return s.listComp(e.Elt, e.Generators)
	case *ast.DictComp:
		if s.cfg.Strategy.joinsPaths() {
			return s.comprehension(e.Generators, e.Key, e.Value)
		}
	case *ast.Lambda:
		return s.funcValue(s.lambdaDef(e))
	case *ast.Await:
		return s.eval(e.Value)
	case *ast.Slice:
		if s.cfg.Strategy.observesEveryExpr() {
			// what the bounds hold (indexing reads them again for the lengths)
			for _, x := range []ast.Expr{e.Lower, e.Upper, e.Step} {
				if x != nil {
					s.decref(s.eval(x))
				}
			}
		}
	}
	return vUnknown{}
}

// evalAttr evaluates x.attr: library members, array attributes and bound methods.
func (s *Interp) evalAttr(e *ast.Attribute) value {
	if ref, ok := s.imp.Resolve(e); ok {
		if _, shadowed := s.rootBound(e); !shadowed {
			return s.refValue(ref)
		}
	}
	base := s.eval(e.Value)
	if ns, ok := base.(vNamespace); ok {
		if ns.set != nil {
			if v, ok := ns.set.m[e.Attr]; ok {
				incref(v)
				return v // stored by the program over the option's value
			}
		}
		return s.namespaceAttr(e.Attr, ns.set)
	}
	if v, ok := s.dataAttr(e, base); ok {
		s.decref(base)
		return v // the shape or size of an input (provenance.go)
	}
	if o, ok := isArray(base); ok {
		defer s.decref(base)
		if o.sparse != nil {
			if v, ok := s.sparseAttr(o, e); ok {
				return v
			}
		}
		switch e.Attr {
		case "shape":
			elts := make([]value, 0, len(o.shape.Dims))
			if !o.shape.Known {
				if of := o.shapeOf(); of != "" {
					return vShapeOf{of: of}
				}
				return vUnknown{}
			}
			for _, d := range o.shape.Dims {
				elts = append(elts, dimValue(d))
			}
			return vTuple{elts}
		case "size":
			n, ok := o.shape.Size()
			return vInt{n: n, known: ok}
		case "ndim":
			return vInt{n: int64(len(o.shape.Dims)), known: o.shape.Known}
		case "nbytes":
			n, ok := o.nbytes()
			return vInt{n: n, known: ok}
		case "itemsize":
			return vInt{n: o.dt.ItemSize(), known: o.dt.Known()}
		case "dtype":
			return vDType{o.dt}
		case "T", "mT":
			v := s.view(o, reversed(o.shape), o.dt, s.text(e))
			v.o.strided = true // not C-contiguous: see contiguous
			return v
		case "real", "imag":
			return s.view(o, o.shape, o.dt.Real(), s.text(e))
		case "flat":
			return s.view(o, o.shape, o.dt, s.text(e))
		case "at":
			incref(base)
			return vAt{base}
		}
		incref(base)
		return vMethod{recv: base, name: e.Attr}
	}
	switch b := base.(type) {
	case vDType:
		switch e.Attr {
		case "type": // np.dtype("float32").type is the scalar type, a dtype here
			return b
		case "itemsize":
			return vInt{n: b.dt.ItemSize(), known: b.dt.Known()}
		}
		return vMethod{recv: base, name: e.Attr}
	case vRNG, vList, vAt, vRegex, vMatch:
		return vMethod{recv: base, name: e.Attr}
	case vFloat:
		if e.Attr == "astype" {
			return vMethod{recv: base, name: e.Attr} // a NumPy or JAX scalar's cast (callMethod)
		}
	case vStr:
		if strMethods[e.Attr] {
			return vMethod{recv: base, name: e.Attr}
		}
	case vDict:
		if e.Attr == "get" {
			return vMethod{recv: base, name: e.Attr}
		}
	case vModule:
		// An array module held in a variable: `np.random.rand` with np a parameter or a
		// module passed in.
		return s.refValue(b.ref.Member(e.Attr))
	case vProject:
		return s.projectAttr(b, e.Attr)
	case vInstance:
		defer s.decref(base)
		return s.instanceAttr(b, e.Attr)
	case vClass:
		return s.classAttr(b, e.Attr)
	case vSuper:
		defer s.decref(base)
		return s.superAttr(b, e.Attr)
	case vUnread:
		return b // k.step of a module k that is not read: the call says why
	case vStdlib:
		if b.path == "sys" && e.Attr == "argv" {
			return s.argv()
		}
		return stdlibAttr(b, e.Attr)
	}
	s.decref(base)
	return vUnknown{}
}

// rootBound reports whether the first name of an attribute chain is bound in the simulation
// (a local `np = None` shadows the import).
func (s *Interp) rootBound(e ast.Expr) (value, bool) {
	for {
		switch x := e.(type) {
		case *ast.Attribute:
			e = x.Value
			continue
		case *ast.Name:
			f := s.top()
			if v, ok := f.vars[x.ID]; ok {
				return v, true
			}
			if v, ok := s.module.own().vars[x.ID]; ok {
				return v, true
			}
			if v, ok := s.consts[x.ID]; ok {
				return v, true
			}
		}
		return nil, false
	}
}

func reversed(sh Shape) Shape {
	if !sh.Known {
		return sh
	}
	d := make([]npapi.Dim, len(sh.Dims))
	for i := range sh.Dims {
		d[i] = sh.Dims[len(sh.Dims)-1-i]
	}
	return Shape{Dims: d, Known: true}
}

// elidable operators: NumPy reuses a large temporary left operand in place for these (measured:
// + - * / // ** and the bitwise ones elide, % does not), and a temporary right operand too when
// the operator commutes.
var elidable = map[ast.Operator]bool{ast.Add: true, ast.Sub: true, ast.Mult: true, ast.Div: true,
	ast.FloorDiv: true, ast.Pow: true, ast.BitAnd: true, ast.BitOr: true, ast.BitXor: true,
	ast.LShift: true, ast.RShift: true}

var commutes = map[ast.Operator]bool{ast.Add: true, ast.Mult: true, ast.BitAnd: true, ast.BitOr: true, ast.BitXor: true}

// ElidesInto reports whether NumPy computes the binary operator op in place into a large
// temporary operand (temporary elision, as the memory estimate models it): its left operand,
// or its right one (right) when op commutes. The other conditions — the temporary has no other
// reference, owns its data, has at least npapi.MinElideBytes and the result's dtype and shape —
// are the caller's to check.
func ElidesInto(op ast.Operator, right bool) bool {
	return elidable[op] && (!right || commutes[op])
}

// operandDType returns the dtype of an operand: an array's, a Python scalar's weak type, or unknown.
func operandDType(v value) npapi.DType {
	if o, ok := isArray(v); ok {
		return o.dt
	}
	if d, ok := scalarDType(v); ok {
		return d
	}
	if d, ok := v.(vDType); ok {
		return d.dt
	}
	return npapi.NoDType
}

func operandShape(v value) (Shape, bool) {
	if o, ok := isArray(v); ok {
		sh := o.shape
		if !sh.Known {
			sh.Of = o.shapeOf() // an input of unknown rank: its own shape
		}
		return sh, true
	}
	if _, ok := scalarDType(v); ok {
		return knownShape(), true
	}
	return unknownShape, false
}

func (s *Interp) binop(op ast.Operator, l, r value, e ast.Node) value {
	defer s.inLib(libOf(l, r))()
	if sparseOperand(l) || sparseOperand(r) {
		return s.sparseBinop(op, l, r, e)
	}
	lo, lok := isArray(l)
	ro, rok := isArray(r)
	if !lok && !rok {
		if op == ast.Mult {
			if v, ok := repeatList(l, r); ok {
				s.decref(l)
				s.decref(r)
				return v // [size] * ndims, before the list's references go
			}
			if v, ok := repeatList(r, l); ok {
				s.decref(l)
				s.decref(r)
				return v
			}
		}
		s.decref(l)
		s.decref(r)
		if f, ok := l.(vStr); ok && op == ast.Mod && s.cfg.Strategy.followsProgram() && !f.unknown {
			if out, ok := formatPercent(f.s, r); ok {
				return vStr{s: out} // "numpy.%s" % args.dtype
			}
		}
		s.arithmeticOnArrayLike(op, l, r, e)
		if b, ok := e.(*ast.BinOp); ok && op == ast.MatMult && s.cfg.Strategy.tracksProvenance() && s.transposedProduct(b.Left) {
			return vLocal{} // W.T @ W of values of unknown type: not data (provenance.go)
		}
		return s.localResult(s.ofNumbers(scalarBinop(op, l, r), l, r), l, r)
	}
	s.usedAsArray(l)
	s.usedAsArray(r)
	s.use(l)
	s.use(r)
	if op == ast.MatMult {
		s.materialize(l) // XLA's dot reads its operands from memory
		s.materialize(r)
		res := s.matmul(lo, ro, s.text(e), e)
		if o, ok := isArray(res); ok {
			o.product = true
		}
		s.decref(l)
		s.decref(r)
		if o, ok := isArray(res); ok {
			if b, ok := e.(*ast.BinOp); ok && s.transposedProduct(b.Left) {
				o.data = false // W.T @ W: rows from W's last axis (provenance.go)
			}
		}
		return res
	}
	ldt, rdt := operandDType(l), operandDType(r)
	dt := npapi.Promote(ldt, rdt)
	if op == ast.Div {
		dt = npapi.TrueDivide(ldt, rdt)
	}
	dt = dt.Default()
	lsh, _ := operandShape(l)
	rsh, _ := operandShape(r)
	sh, _ := broadcast(lsh, rsh)
	if _, ok := scalarDType(l); !ok && !lok {
		sh, dt = unknownShape, npapi.NoDType
	}
	if _, ok := scalarDType(r); !ok && !rok {
		sh, dt = unknownShape, npapi.NoDType
	}
	// NumPy's iterator buffers (casts, broadcasting) live while the result is made
	if s.numpyBuffers() {
		buf := s.buffers(npapi.UfuncBuffers([]npapi.Arg{ruleArg(l), ruleArg(r)}, dt, dimsOfShape(sh)), e)
		defer s.decref(buf)
	}
	if elidable[op] {
		if res, ok := s.elide(lo, r, dt); ok {
			markData(res, l, r)
			return res
		}
		if commutes[op] {
			if res, ok := s.elide(ro, l, dt); ok {
				markData(res, l, r)
				return res
			}
		}
	}
	res := s.newArray(sh, dt, s.text(e), e, false)
	res.o.elementwise = true
	markData(res, l, r)
	s.decref(l)
	s.decref(r)
	return res
}

// localResult is res, an operation's result on operands that are not arrays, except that an
// unknown result computed from something the code made (vLocal: an unknown call's result on
// arrays of no input) and from no input is itself the code's, not an input of the program
// (galpy's `numpy.e ** gammaln(l - m + 1)` over aranges of an integer argument). Explore mode
// only, as calls.go makes vLocal.
func (s *Interp) localResult(res value, operands ...value) value {
	if u, ok := res.(vUnknown); !ok || u.sym != nil || !s.cfg.Strategy.tracksProvenance() {
		return res
	}
	local := false
	for _, v := range operands {
		if isDataValue(v) {
			return res
		}
		local = local || isLocal(v)
	}
	if local {
		return vLocal{}
	}
	return res
}

// elide reuses the temporary t in place for an elementwise result of dtype dt when NumPy would
// (its refcount is 1, it owns its data, it has at least 256 KiB, the result dtype is its dtype and
// the other operand is a scalar or an array of the same shape), or when a jit-compiled function
// fuses the operation into the producer of t. It takes the other operand's reference.
func (s *Interp) elide(t *Obj, other value, dt npapi.DType) (value, bool) {
	if t == nil || t.refs != 1 || t.base != nil || t.viewOfCopy {
		return nil, false
	}
	f := s.top()
	if f.jit && t.elementwise {
		osh, ok := operandShape(other)
		if !ok || !(len(osh.Dims) == 0 || osh.equal(t.shape)) || dt != t.dt {
			return nil, false
		}
	} else if !s.h.Reuses(s, t, other, dt) {
		return nil, false
	}
	s.decref(other)
	return vArray{t}, true
}

func scalarBinop(op ast.Operator, l, r value) value {
	if v, ok := symbolicBinop(op, l, r); ok {
		return v
	}
	if op == ast.Add && (isLocal(l) || isLocal(r)) && builtHere(l) && builtHere(r) {
		return vLocal{} // a container the code builds, extended: still not an input
	}
	a, aok := intValue(l)
	b, bok := intValue(r)
	_, lint := l.(vInt)
	_, rint := r.(vInt)
	if lint && rint {
		res := intBinop(op, a, b, aok, bok)
		if i, ok := res.(vInt); ok && i.known {
			if f := binForm(op, l.(vInt), r.(vInt)); f != nil {
				i.form = f
				return i
			}
		}
		return res
	}
	_, lf := scalarDType(l)
	_, rf := scalarDType(r)
	if lf && rf {
		x, xok := floatValue(l)
		y, yok := floatValue(r)
		if xok && yok {
			return floatBinop(op, x, y)
		}
		if v, ok := imaginaryProduct(op, l, r); ok {
			return v
		}
		return mixedScalar(op, l, r) // 1.0 + 1.0j is complex; np.float64(x) * 1j a NumPy complex
	}
	if lt, ok := l.(vTuple); ok && op == ast.Add {
		if rt, ok := r.(vTuple); ok {
			return vTuple{append(append([]value{}, lt.elts...), rt.elts...)}
		}
	}
	if op == ast.Mult {
		if t, ok := repeatTuple(l, r); ok {
			return t
		}
		if t, ok := repeatTuple(r, l); ok {
			return t
		}
	}
	return vUnknown{}
}

// intBinop is l op r on two ints, known when a and b are (aok, bok).
func intBinop(op ast.Operator, a, b int64, aok, bok bool) value {
	if !aok || !bok {
		return vInt{}
	}
	switch op {
	case ast.Add:
		return knownInt(a + b)
	case ast.Sub:
		return knownInt(a - b)
	case ast.Mult:
		if a != 0 && (a*b)/a != b {
			return vInt{}
		}
		return knownInt(a * b)
	case ast.FloorDiv:
		if b == 0 {
			return vInt{}
		}
		q := a / b
		if (a%b != 0) && ((a < 0) != (b < 0)) {
			q--
		}
		return knownInt(q)
	case ast.Mod:
		if b == 0 {
			return vInt{}
		}
		m := a % b
		if m != 0 && (m < 0) != (b < 0) {
			m += b
		}
		return knownInt(m)
	case ast.Pow:
		if b < 0 {
			return floatBinop(op, float64(a), float64(b))
		}
		p := math.Pow(float64(a), float64(b))
		if p > math.MaxInt64/2 {
			return vInt{}
		}
		return knownInt(int64(p))
	case ast.LShift:
		if b < 0 || b > 62 {
			return vInt{}
		}
		return knownInt(a << b)
	case ast.RShift:
		if b < 0 {
			return vInt{}
		}
		return vInt{n: a >> min(b, 63), known: true}
	case ast.Div:
		return floatBinop(op, float64(a), float64(b))
	}
	return vInt{}
}

// untracked stands, in a form, for a value computed from a bound symbol by an operation whose
// form is not carried (%, shifts): a formula that holds it is none.
var untracked = npapi.Var("<untracked>")

// binForm is the form of l op r for known ints when either has one (formOf).
func binForm(op ast.Operator, l, r vInt) *npapi.Poly {
	if l.form == nil && r.form == nil {
		return nil
	}
	if out := polyBinop(op, formOf(l), formOf(r)); out != nil {
		return out
	}
	return untracked
}

// polyBinop is a op b on polynomials for +, -, *, // by a positive constant and ** by a small
// constant; nil for any other operator, or when the result is not a polynomial it can keep.
func polyBinop(op ast.Operator, a, b *npapi.Poly) *npapi.Poly {
	switch op {
	case ast.Add:
		return a.Add(b)
	case ast.Sub:
		return a.Sub(b)
	case ast.Mult:
		return a.Mul(b)
	case ast.FloorDiv:
		if k, ok := b.Const(); ok && k > 0 {
			return a.FloorDiv(k)
		}
	case ast.Pow:
		if k, ok := b.Const(); ok {
			return a.Pow(k) // nil for a negative or large exponent
		}
	}
	return nil
}

// mixedScalar is l op r of two scalars, Python or NumPy, at least one a float or complex, whose
// value is not known: a number of the promoted type (a NumPy scalar keeps its dtype, a Python
// number is weak), a true division of integers a float.
func mixedScalar(op ast.Operator, l, r value) value {
	d := npapi.Promote(numberDType(l), numberDType(r))
	if d == npapi.NoDType {
		return vUnknown{}
	}
	if op == ast.Div && (d.Kind() == 'b' || d.Kind() == 'i' || d.Kind() == 'u') {
		d = npapi.Float64
	}
	if d.Weak() {
		return vFloat{complex: d.Kind() == 'c'}
	}
	return vFloat{complex: d.Kind() == 'c', dt: d, strong: isStrong(l) || isStrong(r)}
}

// isStrong reports whether v is a NumPy scalar that promotes by its dtype (NumPy 2, NEP 50).
func isStrong(v value) bool {
	switch v := v.(type) {
	case vInt:
		return v.strong
	case vFloat:
		return v.strong
	}
	return false
}

// numberDType is a scalar's dtype for promotion: a NumPy scalar's own, a Python number's weak one.
func numberDType(v value) npapi.DType {
	if f, ok := v.(vFloat); ok && f.dt != npapi.NoDType {
		return f.dt
	}
	d, _ := scalarDType(v)
	return d
}

// maxRepeat bounds the tuples `(n,) * k` builds: shapes, not data.
const maxRepeat = 64

// repeatList is l * k of a list of numbers (`[size] * ndims`, a shape) and a known count: a new
// list.
func repeatList(l, k value) (value, bool) {
	lst, ok := l.(vList)
	if !ok {
		return nil, false
	}
	t, ok := repeatTuple(vTuple{lst.l.elts}, k)
	if !ok {
		return nil, false
	}
	return vList{&pyList{refs: 1, elts: t.(vTuple).elts}}, true
}

// repeatTuple is t * k of a tuple of numbers (a shape, `(N,) * ndim`) and a known count.
func repeatTuple(t, k value) (value, bool) {
	tt, ok := t.(vTuple)
	if !ok {
		return nil, false
	}
	n, ok := intValue(k)
	if !ok || n < 0 || int64(len(tt.elts))*n > maxRepeat {
		return nil, false
	}
	for _, e := range tt.elts {
		switch e.(type) {
		case vInt, vFloat, vNone, vSlice:
		default:
			return nil, false // only numbers: a tuple of arrays would share their references
		}
	}
	elts := make([]value, 0, int64(len(tt.elts))*n)
	for range n {
		elts = append(elts, tt.elts...)
	}
	return vTuple{elts}, true
}

// imaginaryProduct is x * yj or yj * x of a known real x and a known purely imaginary yj (n * 1j,
// a number of points in np.mgrid): a known purely imaginary number.
func imaginaryProduct(op ast.Operator, l, r value) (value, bool) {
	if op != ast.Mult {
		return nil, false
	}
	if c, ok := l.(vFloat); ok && c.complex {
		l, r = r, l
	}
	x, xok := floatValue(l)
	c, cok := r.(vFloat)
	if !xok || !cok || !c.complex || !c.known {
		return nil, false
	}
	return vFloat{complex: true, f: x * c.f, known: true}, true
}

// floatBinop is Python's x op y on real numbers, one of them a float (or a true division): a
// known float, or an unknown one where Python raises or the result is not a real float.
func floatBinop(op ast.Operator, x, y float64) value {
	var z float64
	switch op {
	case ast.Add:
		z = x + y
	case ast.Sub:
		z = x - y
	case ast.Mult:
		z = x * y
	case ast.Div:
		if y == 0 {
			return vFloat{}
		}
		z = x / y
	case ast.FloorDiv:
		if y == 0 {
			return vFloat{}
		}
		z = math.Floor(x / y)
	case ast.Mod:
		if y == 0 {
			return vFloat{}
		}
		z = x - y*math.Floor(x/y)
	case ast.Pow:
		if x < 0 && y != math.Trunc(y) {
			return vFloat{complex: true} // a negative base to a fractional power is complex
		}
		z = math.Pow(x, y)
	default:
		return vFloat{}
	}
	if math.IsNaN(z) || math.IsInf(z, 0) {
		return vFloat{}
	}
	return knownFloat(z)
}

func (s *Interp) unary(op ast.UnaryOperator, v value, e ast.Node) value {
	defer s.inLib(libOf(v))()
	o, ok := isArray(v)
	if !ok {
		if i, ok := v.(vInt); ok && op == ast.USub && i.known {
			return knownInt(-i.n)
		}
		if f, ok := v.(vFloat); ok && f.known && (op == ast.USub || op == ast.UAdd) {
			if op == ast.USub {
				f.f = -f.f
			}
			return f
		}
		if op == ast.Not {
			if t := truth(v); t >= 0 {
				s.decref(v)
				return knownInt(int64(1 - t))
			}
		}
		s.decref(v)
		if _, ok := scalarDType(v); ok {
			return v
		}
		return s.localResult(s.ofNumbers(vUnknown{}, v), v)
	}
	if op == ast.Not {
		s.decref(v)
		return vUnknown{}
	}
	s.use(v)
	if res, ok := s.elide(o, knownInt(0), o.dt); ok {
		return res
	}
	res := s.newArray(o.shape, o.dt, s.text(e), e, false)
	res.o.elementwise = true
	inheritData(res.o, o)
	s.decref(v)
	return res
}

func (s *Interp) compare(op ast.CmpOp, l, r value, e ast.Node) value {
	defer s.inLib(libOf(l, r))()
	_, lok := isArray(l)
	_, rok := isArray(r)
	if !lok && !rok || op == ast.Is || op == ast.IsNot || op == ast.In || op == ast.NotIn {
		defer s.decref(r)
		defer s.decref(l) // after compareObjects, which reads a list's elements
		if a, aok := intValue(l); aok {
			if b, bok := intValue(r); bok {
				return compareKnown(op, cmp.Compare(a, b))
			}
		}
		if a, aok := floatValue(l); aok {
			if b, bok := floatValue(r); bok && !math.IsNaN(a) && !math.IsNaN(b) {
				return compareKnown(op, cmp.Compare(a, b))
			}
		}
		if t, ok := compareObjects(op, l, r); ok {
			return boolValue(t)
		}
		return vInt{}
	}
	s.use(l)
	s.use(r)
	lsh, lk := operandShape(l)
	rsh, rk := operandShape(r)
	sh := unknownShape
	if lk && rk {
		sh, _ = broadcast(lsh, rsh)
	}
	loop := npapi.Promote(operandDType(l), operandDType(r)).Default()
	if s.numpyBuffers() {
		buf := s.buffers(npapi.UfuncBuffers([]npapi.Arg{ruleArg(l), ruleArg(r)}, loop, dimsOfShape(sh)), e)
		defer s.decref(buf)
	}
	res := s.newArray(sh, npapi.Bool, s.text(e), e, false)
	res.o.elementwise = true
	markData(res, l, r)
	s.decref(l)
	s.decref(r)
	return res
}

// compareObjects decides a comparison of values other than two numbers where their values
// say: strings (dt == "int", "a" in "abc"), `is None` and `is not None`, and membership in a
// tuple or list of known values. ok is false when it cannot say.
func compareObjects(op ast.CmpOp, l, r value) (t, ok bool) {
	switch op {
	case ast.Is, ast.IsNot:
		_, ln := l.(vNone)
		_, rn := r.(vNone)
		if !ln && !rn {
			return false, false
		}
		other := r
		if rn {
			other = l
		}
		var same bool
		switch other.(type) {
		case vNone:
			same = true
		case vInt, vFloat, vStr, vArray, vTuple, vList, vDict, vDType, vModule, vFunc, vRange:
			same = false
		default:
			return false, false
		}
		return same == (op == ast.Is), true
	case ast.Eq, ast.NotEq:
		eq, ok := equalKnown(l, r)
		return eq == (op == ast.Eq), ok
	case ast.In, ast.NotIn:
		var elts []value
		switch c := r.(type) {
		case vStr:
			if x, ok := l.(vStr); ok && !x.unknown && !c.unknown {
				return strings.Contains(c.s, x.s) == (op == ast.In), true
			}
			return false, false
		case vTuple:
			elts = c.elts
		case vList:
			elts = c.l.elts
		default:
			return false, false
		}
		for _, e := range elts {
			eq, ok := equalKnown(l, e)
			if !ok {
				return false, false
			}
			if eq {
				return op == ast.In, true
			}
		}
		return op == ast.NotIn, true
	case ast.Lt, ast.LtE, ast.Gt, ast.GtE:
		a, aok := l.(vStr)
		b, bok := r.(vStr)
		if !aok || !bok || a.unknown || b.unknown {
			return false, false
		}
		return truth(compareKnown(op, cmp.Compare(a.s, b.s))) == 1, true
	}
	return false, false
}

// equalKnown reports whether two known values are equal: numbers, strings and None (of
// different kinds they are not). ok is false when a value is not known.
func equalKnown(a, b value) (eq, ok bool) {
	if x, ok := floatValue(a); ok {
		if y, ok := floatValue(b); ok {
			return x == y, true
		}
	}
	kind := func(v value) int {
		switch v := v.(type) {
		case vInt:
			if v.known {
				return 1
			}
		case vFloat:
			if v.known && !v.complex {
				return 1
			}
		case vStr:
			if !v.unknown {
				return 2
			}
		case vNone:
			return 3
		}
		return 0
	}
	ka, kb := kind(a), kind(b)
	if ka == 0 || kb == 0 {
		return false, false
	}
	if ka != kb {
		return false, true
	}
	if ka == 2 {
		return a.(vStr).s == b.(vStr).s, true
	}
	return true, true // None is None
}

func boolValue(t bool) value {
	if t {
		return knownInt(1)
	}
	return knownInt(0)
}

// compareKnown is the truth of a comparison of two known numbers whose order is c (-1, 0, 1).
func compareKnown(op ast.CmpOp, c int) value {
	var t bool
	switch op {
	case ast.Eq:
		t = c == 0
	case ast.NotEq:
		t = c != 0
	case ast.Lt:
		t = c < 0
	case ast.LtE:
		t = c <= 0
	case ast.Gt:
		t = c > 0
	case ast.GtE:
		t = c >= 0
	default:
		return vInt{}
	}
	if t {
		return knownInt(1)
	}
	return knownInt(0)
}

// newArray allocates a fresh array. lazy marks a fill constructor, which Legate does not
// instantiate until first use.
func (s *Interp) newArray(sh Shape, dt npapi.DType, expr string, at ast.Node, lazy bool) vArray {
	if s.jax32 {
		dt = dt.JAX32()
	}
	o := &Obj{refs: 1, shape: sh, dt: dt, label: expr, line: s.line(), backend: s.lib, origin: Fresh}
	if e, ok := at.(ast.Expr); ok && e != nil {
		o.node = e
	}
	_, known := o.nbytes()
	if !known {
		s.unknownAlloc(at, expr, reasonFor(sh, dt), nil)
	}
	if s.fuses() {
		o.fused = true // no buffer until a reader needs one (xla.go)
		o.deps = s.takeReads()
		return vArray{o}
	}
	s.reads = nil
	s.h.Allocate(s, o, lazy)
	s.noteAlloc(o)
	if s.pending != "" && at != nil && at == ast.Node(s.pendingValue) {
		s.h.Bound(s, o, s.pending)
	}
	return vArray{o}
}

func reasonFor(sh Shape, dt npapi.DType) string {
	switch {
	case !sh.Known:
		return "shape unknown"
	case !dt.Known():
		return "dtype unknown"
	}
	return "shape " + sh.String() + " has an unknown dimension"
}

// unknownAlloc records an allocation of unknown size (once per line and expression).
func (s *Interp) unknownAlloc(at ast.Node, expr, reason string, bound *int64) {
	s.addUnknown(at, expr, reason, bound, BoundAtMost)
}

// addUnknown lists an allocation of unknown size once per line and expression; kind says what
// bound is (ignored when bound is nil).
func (s *Interp) addUnknown(at ast.Node, expr, reason string, bound *int64, kind string) {
	if !s.cfg.Strategy.listsGaps() {
		return // an explore run reports what expressions hold, not an estimate's gaps
	}
	if bound == nil {
		kind = ""
	}
	line := s.line()
	if at != nil {
		line = s.lineOf(at)
	}
	s.addUnknownAt(line, expr, reason, bound, kind)
}

// addUnknownAt is addUnknown at a line of the analysed file.
func (s *Interp) addUnknownAt(line int, expr, reason string, bound *int64, kind string) {
	if !s.cfg.Strategy.listsGaps() {
		return
	}
	if bound == nil {
		kind = ""
	}
	for _, u := range s.unknown {
		if u.Line == line && u.Expr == expr {
			return
		}
	}
	s.unknown = append(s.unknown, Unknown{Line: line, Expr: expr, Reason: reason, BoundBytes: bound, Bound: kind})
}

// view returns a view of o (no allocation) that keeps o alive.
func (s *Interp) view(o *Obj, sh Shape, dt npapi.DType, label string) vArray {
	o.refs++
	v := &Obj{refs: 1, shape: sh, dt: dt, Data: o.Data, base: o, label: label, backend: o.backend, origin: View,
		lo: o.lo, hi: o.hi, sliced: o.sliced, data: scales(o)}
	return vArray{v}
}

// copyOf allocates a copy of o with dtype dt (astype, copy, ascontiguousarray).
func (s *Interp) copyOf(o *Obj, dt npapi.DType, expr string, at ast.Node) vArray {
	defer s.inLib(o.backend)()
	s.touchRange(o, 0, 0, false)
	res := s.newArray(o.shape, dt, expr, at, false)
	inheritData(res.o, o)
	return res
}

// useAll marks every array in vs as read (see use).
func (s *Interp) useAll(vs []value) {
	for _, v := range vs {
		s.use(v)
	}
}

// use marks every array in v as read by an operation (Legate instantiates what it reads).
func (s *Interp) use(v value) {
	switch v := v.(type) {
	case vArray:
		s.touchRange(v.o, 0, 0, false)
		if s.xla != nil && s.top().jit {
			s.reads = append(s.reads, v.o) // what a fused result made next depends on (xla.go)
		}
	case vTuple:
		for _, e := range v.elts {
			s.use(e)
		}
	case vList:
		for _, e := range v.l.elts {
			s.use(e)
		}
	}
}

// symbolicBinop evaluates +, -, *, // by a constant and ** by a constant on integers when one
// operand is symbolic (a polynomial in the program's symbols): the result is the polynomial
// (n + 1, 2*n, n//2), so sizes computed from inputs stay comparable. An operand of unknown
// type that carries a symbol (a parameter) may be an array: the result is then of unknown type
// too and keeps the polynomial only for use as a size.
func symbolicBinop(op ast.Operator, l, r value) (value, bool) {
	lp, lk := intPoly(l)
	rp, rk := intPoly(r)
	if !lk || !rk || (symOf(l) == nil && symOf(r) == nil) {
		return nil, false
	}
	p := polyBinop(op, lp, rp)
	if p == nil {
		return nil, false
	}
	_, lu := l.(vUnknown)
	_, ru := r.(vUnknown)
	if lu || ru {
		return vUnknown{sym: p}, true
	}
	if c, ok := p.Const(); ok {
		return knownInt(c), true
	}
	return vInt{sym: p, data: intData(l) || intData(r)}, true
}

// intPoly returns an int value (or a symbolic unknown) as a polynomial.
func intPoly(v value) (*npapi.Poly, bool) {
	switch v := v.(type) {
	case vInt:
		if v.known {
			return npapi.Const(v.n), true
		}
		return v.sym, v.sym != nil
	case vUnknown:
		return v.sym, v.sym != nil
	}
	return nil, false
}

// symOf returns the polynomial a symbolic int or unknown stands for.
func symOf(v value) *npapi.Poly {
	switch v := v.(type) {
	case vInt:
		return v.sym
	case vUnknown:
		return v.sym
	}
	return nil
}

// intData reports whether v is an int that comes from the data (provenance.go).
func intData(v value) bool {
	i, ok := v.(vInt)
	return ok && i.data
}
