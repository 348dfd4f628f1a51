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
	return vInstance{&pyInstance{refs: 1, cls: cls, attrs: attrs}}, true
}

// fieldRecord is, in explore mode (where classes stay unknown), the instance a call of a plain
// dataclass of the module makes: `NBodySystem(N, G, soft, mass, pos, vel, accel)` holds its
// arguments in the fields they bind, and nothing else is known of it (its class is opaque: any
// other attribute, method or property reads as unknown). A plain dataclass is a class statement
// at module level, bound once there, decorated by dataclass alone (which writes __init__), with
// no base, keyword, __init__, __post_init__ or __new__ of its own; the call passes no *args or
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
		if d, ok := b.(*ast.FunctionDef); ok && (d.Name == "__init__" || d.Name == "__post_init__" || d.Name == "__new__") {
			return nil, false
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
	return vInstance{&pyInstance{refs: 1, cls: cls, attrs: attrs}}, true
}
