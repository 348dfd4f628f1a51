package absint

import (
	"maps"
	"slices"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file binds a parameter to the instance its callers pass (the rules' runs): a function
// that reads its arrays from an object's fields (`def get_accel(nbsys): x = nbsys.pos[:, 0:1]`,
// with `nbsys = NBodySystem(N, …, pos, …)` in main) sees the shapes and dtypes of the arrays the
// caller stored there, as a function handed the arrays themselves does (callerArray).

// Fields are the attributes of an instance as a caller's run saw them, and its class's name.
type Fields struct {
	Class string
	Attrs map[string]Value
}

// InstanceFields returns a copy of the attributes of v, an instance of a class the run knows
// and that is still alive; false for any other value. The copy holds no references: it is read
// after the run (the shapes and dtypes of its arrays), never run.
func InstanceFields(v Value) (Fields, bool) {
	i, ok := v.(vInstance)
	if !ok || i.o.attrs == nil || i.o.refs < 0 {
		return Fields{}, false
	}
	return Fields{Class: i.o.cls.name, Attrs: maps.Clone(i.o.attrs)}, true
}

// HoldsArrayAPI reports whether a field holds an array, an array module or a dtype.
func (f Fields) HoldsArrayAPI() bool {
	for _, v := range f.Attrs {
		if HoldsArrayAPI(v) {
			return true
		}
	}
	return false
}

// IsRecord reports whether v is an instance explore mode made of a dataclass call or of what
// callers pass (the values InstanceFields may copy).
func IsRecord(v Value) bool {
	i, ok := v.(vInstance)
	return ok && i.o.record
}

// JoinFields is what an argument's instance holds when it held a on one visit and b on
// another: the attributes both have, each joined (JoinValues); false when the classes differ.
func JoinFields(a, b Fields) (Fields, bool) {
	if a.Class != b.Class {
		return Fields{}, false
	}
	out := Fields{Class: a.Class, Attrs: make(map[string]Value, len(a.Attrs))}
	for k, av := range a.Attrs {
		if bv, ok := b.Attrs[k]; ok {
			out.Attrs[k] = joinValues(av, bv)
		}
	}
	return out, true
}

// callerInstance is, for the rules' runs, a copy of the instance every call of def in its file
// passes for p (the fields joined over the calls, of one class): an instance of a class the run
// cannot look into (its methods and properties are unknown), whose array fields are parameters
// of their shape, dtype and library (as callerArray makes them: `p.pos`), whose Python floats
// stay floats and whose known ints stay known. Other fields are left out: reading one gives an
// unknown value.
func (s *Interp) callerInstance(def *ast.FunctionDef, p string, line int) (value, bool) {
	if s.cfg.CallerFields == nil || s.assumes(p) {
		return nil, false
	}
	calls, ok := s.fs.callsOf(s.file.Module).All(s.file.Module, def)
	if !ok {
		return nil, false
	}
	var fields Fields
	for i, call := range calls {
		arg := argFor(def, call, p)
		if arg == nil {
			return nil, false
		}
		f, ok := s.cfg.CallerFields(arg)
		if ok && i > 0 {
			f, ok = JoinFields(fields, f)
		}
		if !ok {
			return nil, false
		}
		fields = f
	}
	attrs := map[string]value{}
	for _, k := range slices.Sorted(maps.Keys(fields.Attrs)) {
		switch v := fields.Attrs[k].(type) {
		case vArray:
			o := v.o // one array, or the join of those the calls' visits saw (of one shape here)
			if !o.dt.Known() {
				continue
			}
			attrs[k] = vArray{&Obj{refs: 1, shape: o.shape, dt: o.dt, backend: o.Backend(), origin: Param,
				label: p + "." + k, line: line, data: scales(o) || partlyUnknown(o.shape)}}
		case vFloat:
			attrs[k] = vFloat{complex: v.complex}
		case vInt:
			if v.known {
				attrs[k] = vInt{n: v.n, known: true, form: v.form}
			}
		}
	}
	if len(attrs) == 0 {
		return nil, false
	}
	cls := &pyClass{name: fields.Class, opaque: true, attrs: map[string]value{}}
	s.fs.records.Store(true)
	return vInstance{&pyInstance{refs: 1, cls: cls, attrs: attrs, record: true}}, true
}

// annotationHead is the subscripted name of an annotation (InitVar of InitVar[int]).
func annotationHead(e ast.Expr) ast.Expr {
	if sub, ok := e.(*ast.Subscript); ok {
		return sub.Value
	}
	return e
}

// fieldRecord is, in explore mode (where classes stay unknown), the instance a call of a plain
// dataclass of the module makes: `NBodySystem(N, G, soft, mass, pos, vel, accel)` holds its
// arguments in the fields they bind, and nothing else is known of it (its class is opaque: any
// other attribute, method or property reads as unknown). A plain dataclass is a class statement
// at module level, bound once there, decorated by dataclass alone (which writes __init__), with
// no base, keyword, method or nested class, KW_ONLY or InitVar field; the call passes no *args or
// **kwargs and binds every argument to a field. Fields the call leaves to their defaults are
// left out.
func (s *Interp) fieldRecord(e *ast.Call, c *call) (value, bool) {
	n, ok := e.Func.(*ast.Name)
	if !ok || s.cfg.Strategy.followsProgram() || c.spread > 0 || s.imp == nil || s.imp.Root == nil {
		return nil, false
	}
	if _, local := s.top().vars[n.ID]; local && len(s.frames) > 1 {
		return nil, false // a name of the function's own (in explore mode the class name is unknown)
	}
	bs := s.imp.Root.Bindings[n.ID]
	if len(bs) != 1 || bs[0].Kind != imports.BindDef {
		return nil, false
	}
	st, ok := bs[0].Node.(*ast.ClassDef)
	if !ok || len(st.Bases) > 0 || len(st.Keywords) > 0 || !slices.Contains(s.file.Module.Body, ast.Stmt(st)) {
		return nil, false
	}
	if dc, init := dataclassDecorator(st.DecoratorList); !dc || !init {
		return nil, false
	}
	for _, b := range st.Body {
		switch b := b.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef:
			return nil, false // code of its own: methods may rebind the fields, and are not run here
		case *ast.AnnAssign:
			if t := ast.TailName(annotationHead(b.Annotation)); t == "KW_ONLY" || t == "InitVar" {
				return nil, false // fields the call does not bind in order, or not stored
			}
		}
	}
	fields := dataclassFields(nil, st.Body)
	if len(c.args) > len(fields) {
		return nil, false
	}
	attrs := make(map[string]value, len(fields))
	for i, a := range c.args {
		attrs[fields[i].name] = a
	}
	for k, v := range c.kw {
		if _, dup := attrs[k]; dup || !slices.ContainsFunc(fields, func(f field) bool { return f.name == k }) {
			return nil, false
		}
		attrs[k] = v
	}
	for _, v := range attrs {
		incref(v)
	}
	cls := &pyClass{name: st.Name, opaque: true, attrs: map[string]value{}}
	s.fs.records.Store(true)
	return vInstance{&pyInstance{refs: 1, cls: cls, attrs: attrs, record: true}}, true
}

// forgetHandedRecords forgets the fields of the records (pyInstance.record) a call hands to code
// that may rebind them: anything but the array API, or a function of the file whose body stores
// to an attribute of the parameter, deletes one, or hands the parameter on to another call.
// Explore mode does not follow the call, so the fields it leaves are unknown from then on.
func (s *Interp) forgetHandedRecords(fn value, c *call) {
	if s.cfg.Strategy.followsProgram() || !s.fs.records.Load() {
		return
	}
	for i, a := range c.args {
		s.forgetIfRebound(fn, a, i, "", c.spread)
	}
	for k, v := range c.kw {
		s.forgetIfRebound(fn, v, -1, k, c.spread) // each record once: the order does not matter
	}
}

func (s *Interp) forgetIfRebound(fn, v value, i int, kw string, spread int) {
	inst, ok := v.(vInstance)
	if !ok || !inst.o.record || len(inst.o.attrs) == 0 {
		return
	}
	switch f := fn.(type) {
	case vModule:
		return // the array library reads an object's attributes at most
	case vFunc:
		if p := paramAt(f.def, i, kw); p != "" && spread == 0 && !mayRebindAttrs(f.def, p) {
			return
		}
	}
	attrs := inst.o.attrs
	inst.o.attrs = map[string]value{}
	for _, k := range slices.Sorted(maps.Keys(attrs)) {
		s.decref(attrs[k])
	}
}

// paramAt is the name of def's parameter that positional argument i (or keyword kw, when i < 0)
// binds; "" when none does by name (*args, **kwargs).
func paramAt(def *ast.FunctionDef, i int, kw string) string {
	a := def.Args
	if i >= 0 {
		pos := ast.PositionalArgs(a)
		if i < len(pos) {
			return pos[i].Arg
		}
		return ""
	}
	for _, p := range append(append([]*ast.Arg(nil), a.Args...), a.Kwonlyargs...) {
		if p.Arg == kw {
			return p.Arg
		}
	}
	return ""
}

// mayRebindAttrs reports whether def's body may change what p's attributes hold: it stores to
// or deletes an attribute of p, rebinds p's attributes through setattr or delattr, or hands p
// on to a call (which may do any of these).
func mayRebindAttrs(def *ast.FunctionDef, p string) bool {
	isP := func(e ast.Expr) bool { n, ok := e.(*ast.Name); return ok && n.ID == p }
	storesTo := func(t ast.Expr) bool {
		found := false
		ast.Inspect(t, func(n ast.Node) bool {
			if a, ok := n.(*ast.Attribute); ok && isP(a.Value) {
				found = true
			}
			return !found
		})
		return found
	}
	found := false
	for _, st := range def.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Assign:
				found = slices.ContainsFunc(n.Targets, storesTo)
			case *ast.AugAssign:
				found = storesTo(n.Target)
			case *ast.AnnAssign:
				found = storesTo(n.Target)
			case *ast.Delete:
				found = slices.ContainsFunc(n.Targets, storesTo)
			case *ast.Call:
				at, method := n.Func.(*ast.Attribute)
				found = method && isP(at.Value) || slices.ContainsFunc(n.Args, isP) ||
					slices.ContainsFunc(n.Keywords, func(k *ast.Keyword) bool { return isP(k.Value) })
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
