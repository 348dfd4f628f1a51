package memory

import (
	"math"

	"github.com/arraylint/arraylint/arraymodel/arrays"
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
		return vInt{c.Value.Int, true}
	case ast.ConstBool:
		if c.Value.Bool {
			return vInt{1, true}
		}
		return vInt{0, true}
	case ast.ConstFloat:
		return vFloat{}
	case ast.ConstComplex:
		return vFloat{complex: true}
	case ast.ConstStr:
		return vStr{c.Value.Str}
	case ast.ConstNone:
		return vNone{}
	}
	return vUnknown{}
}

func (s *sim) eval(e ast.Expr) value {
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
			return vUnknown{}
		}
		if i, ok := v.(vInt); ok && !i.known {
			if n, ok := s.assumed(e.ID); ok {
				return vInt{n, true}
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
			if known && t == stop {
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
		elts := make([]value, len(e.Elts))
		for i, x := range e.Elts {
			elts[i] = s.eval(x)
		}
		return vTuple{elts}
	case *ast.List:
		l := &pyList{refs: 1}
		for _, x := range e.Elts {
			l.elts = append(l.elts, s.eval(x))
		}
		return vList{l}
	case *ast.IfExp:
		t := s.eval(e.Test)
		s.decref(t)
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
		return vStr{}
	case *ast.ListComp:
		return s.listComp(e.Elt, e.Generators)
	case *ast.Await:
		return s.eval(e.Value)
	}
	return vUnknown{}
}

// evalAttr evaluates x.attr: library members, array attributes and bound methods.
func (s *sim) evalAttr(e *ast.Attribute) value {
	if ref, ok := s.imp.Resolve(e); ok {
		if _, shadowed := s.rootBound(e); !shadowed {
			return s.refValue(ref)
		}
	}
	base := s.eval(e.Value)
	if _, ok := base.(vNamespace); ok {
		return s.namespaceAttr(e.Attr)
	}
	if o, ok := isArray(base); ok {
		defer s.decref(base)
		switch e.Attr {
		case "shape":
			elts := make([]value, 0, len(o.shape.Dims))
			if !o.shape.Known {
				return vUnknown{}
			}
			for _, d := range o.shape.Dims {
				elts = append(elts, vInt{d, d >= 0})
			}
			return vTuple{elts}
		case "size":
			n, ok := o.shape.Size()
			return vInt{n, ok}
		case "ndim":
			return vInt{int64(len(o.shape.Dims)), o.shape.Known}
		case "nbytes":
			n, ok := o.nbytes()
			return vInt{n, ok}
		case "itemsize":
			return vInt{o.dt.ItemSize(), o.dt.Known()}
		case "dtype":
			return vDType{o.dt}
		case "T", "mT":
			return s.view(o, reversed(o.shape), o.dt, s.text(e))
		case "real", "imag", "flat":
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
			return vInt{b.dt.ItemSize(), b.dt.Known()}
		}
		return vMethod{recv: base, name: e.Attr}
	case vRNG, vList, vAt:
		return vMethod{recv: base, name: e.Attr}
	case vModule:
		// An array module held in a variable: `np.random.rand` with np a parameter or a
		// module passed in.
		return s.refValue(b.ref.Member(e.Attr))
	case vProject:
		return s.projectAttr(b, e.Attr)
	case vUnread:
		return b // k.step of a module k that is not read: the call says why
	}
	s.decref(base)
	return vUnknown{}
}

// rootBound reports whether the first name of an attribute chain is bound in the simulation
// (a local `np = None` shadows the import).
func (s *sim) rootBound(e ast.Expr) (value, bool) {
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
			if v, ok := s.module.vars[x.ID]; ok {
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
	d := make([]int64, len(sh.Dims))
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
		return o.shape, true
	}
	if _, ok := scalarDType(v); ok {
		return knownShape(), true
	}
	return unknownShape, false
}

func (s *sim) binop(op ast.Operator, l, r value, e ast.Node) value {
	lo, lok := isArray(l)
	ro, rok := isArray(r)
	if !lok && !rok {
		s.decref(l)
		s.decref(r)
		return scalarBinop(op, l, r)
	}
	s.use(l)
	s.use(r)
	if op == ast.MatMult {
		res := s.matmul(lo, ro, s.text(e))
		s.decref(l)
		s.decref(r)
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
	if elidable[op] {
		if res, ok := s.elide(lo, r, dt); ok {
			return res
		}
		if commutes[op] {
			if res, ok := s.elide(ro, l, dt); ok {
				return res
			}
		}
	}
	res := s.newArray(sh, dt, s.text(e), e, false)
	res.o.elementwise = true
	s.decref(l)
	s.decref(r)
	return res
}

// elide reuses the temporary t in place for an elementwise result of dtype dt when NumPy would
// (its refcount is 1, it owns its data, it has at least 256 KiB, the result dtype is its dtype and
// the other operand is a scalar or an array of the same shape), or when a jit-compiled function
// fuses the operation into the producer of t. It takes the other operand's reference.
func (s *sim) elide(t *arrObj, other value, dt npapi.DType) (value, bool) {
	if t == nil || t.refs != 1 || t.base != nil || t.buf == nil {
		return nil, false
	}
	f := s.top()
	fuse := f.jit && t.elementwise
	if !fuse {
		if s.backend != BackendNumPy {
			return nil, false
		}
		n, ok := t.nbytes()
		if !ok || n < minElideBytes || dt != t.dt {
			return nil, false
		}
		if o, ok := isArray(other); ok {
			if !o.shape.equal(t.shape) {
				return nil, false
			}
		} else if _, ok := scalarDType(other); !ok {
			return nil, false
		}
	} else {
		osh, ok := operandShape(other)
		if !ok || !(len(osh.Dims) == 0 || osh.equal(t.shape)) || dt != t.dt {
			return nil, false
		}
	}
	s.decref(other)
	return vArray{t}, true
}

func scalarBinop(op ast.Operator, l, r value) value {
	a, aok := intValue(l)
	b, bok := intValue(r)
	_, lint := l.(vInt)
	_, rint := r.(vInt)
	if lint && rint {
		if !aok || !bok {
			return vInt{}
		}
		switch op {
		case ast.Add:
			return vInt{a + b, true}
		case ast.Sub:
			return vInt{a - b, true}
		case ast.Mult:
			if a != 0 && (a*b)/a != b {
				return vInt{}
			}
			return vInt{a * b, true}
		case ast.FloorDiv:
			if b == 0 {
				return vInt{}
			}
			q := a / b
			if (a%b != 0) && ((a < 0) != (b < 0)) {
				q--
			}
			return vInt{q, true}
		case ast.Mod:
			if b == 0 {
				return vInt{}
			}
			m := a % b
			if m != 0 && (m < 0) != (b < 0) {
				m += b
			}
			return vInt{m, true}
		case ast.Pow:
			if b < 0 {
				return vFloat{}
			}
			p := math.Pow(float64(a), float64(b))
			if p > math.MaxInt64/2 {
				return vInt{}
			}
			return vInt{int64(p), true}
		case ast.LShift:
			if b < 0 || b > 62 {
				return vInt{}
			}
			return vInt{a << b, true}
		case ast.RShift:
			if b < 0 {
				return vInt{}
			}
			return vInt{a >> min(b, 63), true}
		case ast.Div:
			return vFloat{}
		}
		return vInt{}
	}
	_, lf := scalarDType(l)
	_, rf := scalarDType(r)
	if lf && rf {
		return vFloat{}
	}
	if lt, ok := l.(vTuple); ok && op == ast.Add {
		if rt, ok := r.(vTuple); ok {
			return vTuple{append(append([]value{}, lt.elts...), rt.elts...)}
		}
	}
	return vUnknown{}
}

// listComp evaluates [elt for target in iter] with one generator and no conditions, iteration
// by iteration like a for loop; other comprehensions are unknown values.
func (s *sim) listComp(elt ast.Expr, gens []*ast.Comprehension) value {
	if len(gens) != 1 || len(gens[0].Ifs) > 0 {
		return vUnknown{}
	}
	g := gens[0]
	it := s.eval(g.Iter)
	ite := s.iterationOf(it)
	l := &pyList{refs: 1}
	run := ite.trips
	if run < 0 || run > maxUnroll {
		run = min(max(ite.trips, 0), 2)
		if ite.trips < 0 {
			run = 0
		}
	}
	// The comprehension's target is local to it: save and restore the enclosing binding.
	names := map[string]value{}
	ast.Inspect(g.Target, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok {
			if v, had := s.top().vars[nm.ID]; had {
				names[nm.ID] = v
				delete(s.top().vars, nm.ID)
			} else {
				names[nm.ID] = nil
			}
		}
		return true
	})
	var per int64
	var last value
	for i := int64(0); i < run; i++ {
		before := s.h.cur
		s.assign(g.Target, ite.elem(i))
		last = s.eval(elt)
		l.elts = append(l.elts, last)
		per = s.h.cur - before
	}
	for name, old := range names {
		if v, ok := s.top().vars[name]; ok {
			delete(s.top().vars, name)
			s.decref(v)
		}
		if old != nil {
			s.top().vars[name] = old
		}
	}
	if ite.trips > run && per > 0 {
		extra := per * (ite.trips - run)
		b := &buffer{expr: "list comprehension × " + Commas(ite.trips-run) + " more elements", bytes: extra, shape: unknownShape}
		s.h.allocate(b, s.line(), s.site(), s.namer, s.pending)
		stand := &arrObj{refs: 1, buf: b, shape: unknownShape, stands: ite.trips - run}
		if o, ok := isArray(last); ok {
			stand.shape, stand.dt = o.shape, o.dt
		}
		l.elts = append(l.elts, vArray{stand})
	} else if ite.trips < 0 {
		s.unknownAlloc(g, s.text(elt), "list comprehension over an iterable of unknown length", nil)
	}
	s.decref(it)
	return vList{l}
}

func (s *sim) unary(op ast.UnaryOperator, v value, e ast.Node) value {
	o, ok := isArray(v)
	if !ok {
		if i, ok := v.(vInt); ok && op == ast.USub && i.known {
			return vInt{-i.n, true}
		}
		if op == ast.Not {
			if t := truth(v); t >= 0 {
				s.decref(v)
				return vInt{int64(1 - t), true}
			}
		}
		s.decref(v)
		if _, ok := scalarDType(v); ok {
			return v
		}
		return vUnknown{}
	}
	if op == ast.Not {
		s.decref(v)
		return vUnknown{}
	}
	s.use(v)
	if res, ok := s.elide(o, vInt{0, true}, o.dt); ok {
		return res
	}
	res := s.newArray(o.shape, o.dt, s.text(e), e, false)
	res.o.elementwise = true
	s.decref(v)
	return res
}

func (s *sim) compare(op ast.CmpOp, l, r value, e ast.Node) value {
	_, lok := isArray(l)
	_, rok := isArray(r)
	if !lok && !rok || op == ast.Is || op == ast.IsNot || op == ast.In || op == ast.NotIn {
		a, aok := intValue(l)
		b, bok := intValue(r)
		s.decref(l)
		s.decref(r)
		if aok && bok {
			var t bool
			switch op {
			case ast.Eq:
				t = a == b
			case ast.NotEq:
				t = a != b
			case ast.Lt:
				t = a < b
			case ast.LtE:
				t = a <= b
			case ast.Gt:
				t = a > b
			case ast.GtE:
				t = a >= b
			default:
				return vInt{}
			}
			if t {
				return vInt{1, true}
			}
			return vInt{0, true}
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
	res := s.newArray(sh, npapi.Bool, s.text(e), e, false)
	res.o.elementwise = true
	s.decref(l)
	s.decref(r)
	return res
}

// newArray allocates a fresh array. lazy marks a fill constructor, which Legate does not
// instantiate until first use.
func (s *sim) newArray(sh Shape, dt npapi.DType, expr string, at ast.Node, lazy bool) vArray {
	if s.jax32 {
		dt = dt.JAX32()
	}
	o := &arrObj{refs: 1, shape: sh, dt: dt, label: expr, line: s.line()}
	n, known := o.nbytes()
	if !known {
		if fsh, fdt, ok := s.sharedFact(at); ok {
			o.shape, o.dt, sh, dt = fsh, fdt, fsh, fdt
			n, known = o.nbytes()
		}
	}
	if !known {
		s.unknownAlloc(at, expr, reasonFor(sh, dt), nil)
	}
	if s.backend == BackendLegate {
		o.store = &store{line: s.line(), shape: sh, dt: dt, expr: expr}
		o.store.elems, _ = sh.Size()
		if !lazy && known {
			s.instantiate(o.store, 0, o.store.elems)
		}
		return vArray{o}
	}
	o.buf = &buffer{expr: expr, bytes: s.tiledBytes(n, sh, dt), shape: sh, dt: dt}
	if e, ok := at.(ast.Expr); ok && e != nil {
		o.buf.node = e
	}
	if !known {
		o.buf.bytes = 0
	}
	s.h.allocate(o.buf, s.line(), s.site(), s.namer, s.pending)
	return vArray{o}
}

// sharedFact asks the rules' array inference (arraymodel/arrays) about an allocating
// expression whose size the simulation could not work out; it answers only with exact shapes.
func (s *sim) sharedFact(at ast.Node) (Shape, npapi.DType, bool) {
	e, ok := at.(ast.Expr)
	if !ok || e == nil || s.idx == nil {
		return Shape{}, npapi.NoDType, false
	}
	if s.idx.arrays == nil {
		s.idx.arrays = arrays.AnalyzeWith(s.file.Module, s.imp, s.opts.Assume) // once per Estimate, on demand
	}
	a, ok := s.idx.arrays.Array(e)
	if !ok || a.ViewOf != nil || a.Shape == nil {
		return Shape{}, npapi.NoDType, false
	}
	if _, ok := a.NBytes(); !ok {
		return Shape{}, npapi.NoDType, false
	}
	dims := make([]int64, len(a.Shape))
	for i, d := range a.Shape {
		dims[i] = d.N
	}
	return Shape{Dims: dims, Known: true}, a.DType, true
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
func (s *sim) unknownAlloc(at ast.Node, expr, reason string, bound *int64) {
	s.addUnknown(at, expr, reason, bound, BoundAtMost)
}

// addUnknown lists an allocation of unknown size once per line and expression; kind says what
// bound is (ignored when bound is nil).
func (s *sim) addUnknown(at ast.Node, expr, reason string, bound *int64, kind string) {
	if bound == nil {
		kind = ""
	}
	line := s.line()
	if at != nil {
		line = s.lineOf(at)
	}
	for _, u := range s.unknown {
		if u.Line == line && u.Expr == expr {
			return
		}
	}
	s.unknown = append(s.unknown, Unknown{Line: line, Expr: expr, Reason: reason, BoundBytes: bound, Bound: kind})
}

// view returns a view of o (no allocation) that keeps o alive.
func (s *sim) view(o *arrObj, sh Shape, dt npapi.DType, label string) vArray {
	o.refs++
	v := &arrObj{refs: 1, shape: sh, dt: dt, buf: o.buf, base: o, label: label, store: o.store,
		lo: o.lo, hi: o.hi, sliced: o.sliced}
	return vArray{v}
}

// copyOf allocates a copy of o with dtype dt (astype, copy, ascontiguousarray).
func (s *sim) copyOf(o *arrObj, dt npapi.DType, expr string, at ast.Node) vArray {
	s.touchRange(o, 0, 0, false)
	return s.newArray(o.shape, dt, expr, at, false)
}

// useAll marks every array in vs as read (see use).
func (s *sim) useAll(vs []value) {
	for _, v := range vs {
		s.use(v)
	}
}

// use marks every array in v as read by an operation (Legate instantiates what it reads).
func (s *sim) use(v value) {
	if s.backend != BackendLegate {
		return
	}
	switch v := v.(type) {
	case vArray:
		s.touchRange(v.o, 0, 0, false)
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
