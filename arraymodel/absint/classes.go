package absint

import (
	"maps"
	"slices"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines classes and their instances, in a run that follows one path (explore mode
// keeps a class unknown: its facts come from each method's own body). A class statement of the
// file, or of a project module (projectmod.go), runs its body in a namespace of its own: its
// bindings are the class's attributes, its defs its methods (a dataclass also gets the __init__
// its decorator writes). Calling the class makes an
// instance — an object with attributes that holds a reference to each, counted like a list's —
// and runs __init__ inlined with self bound, as a call to a function of the file runs. An
// attribute read looks in the instance, then along the classes (the instance's class and its
// bases, left to right); a method found there comes bound to the object. What the interpreter
// does not know stays unknown: a base class it does not know makes the attributes it does not
// find unknown (and its __init__ a call given the arguments that is listed when they hold
// arrays), and a class with a metaclass, __new__, an enumeration or named-tuple base, or a
// decorator other than dataclass is an unknown value as before. Instances made at module level
// that hold no array are module constants for the functions run on their own, as classes are.

type (
	// vClass is a class the run knows. Classes are not counted: one lives as long as the run
	// (its attributes hold their references that long).
	vClass struct{ c *pyClass }
	// vInstance is a reference to an instance of a known class.
	vInstance struct{ o *pyInstance }
	// vBound is a method bound to its receiver: an instance, or the class of a classmethod.
	vBound struct {
		fn   vFunc
		self value
	}
	// vSuper is super() in a method of class after: lookups continue after it along the
	// classes of self's class.
	vSuper struct {
		after *pyClass
		self  value
	}
	// vStaticMethod, vClassMethod and vProperty are functions of a class body wrapped by
	// staticmethod, classmethod and property (or functools.cached_property, cached).
	vStaticMethod struct{ fn vFunc }
	vClassMethod  struct{ fn vFunc }
	vProperty     struct {
		get, set *vFunc
		cached   bool
	}
)

// pyClass is a class: its name, its known bases and its attributes (methods included).
type pyClass struct {
	name  string
	bases []*pyClass
	// opaque is set when a base is not a class the run knows: a name none of the known
	// classes has is unknown, not missing.
	opaque bool
	attrs  map[string]value
	// fields are a dataclass's fields, in its __init__'s order.
	fields []field
}

// pyInstance is an instance of a class; it holds a reference to each attribute value.
type pyInstance struct {
	refs  int
	cls   *pyClass
	attrs map[string]value
	// record is set on the instances explore mode makes of a dataclass's call or of what the
	// callers pass (callerinstance.go): their fields are forgotten when a call may rebind them.
	record bool
}

// maxClassDepth bounds the classes one lookup walks (a class and its bases).
const maxClassDepth = 64

// mro returns c and its bases in lookup order: depth first, left to right, each class once
// (CPython's C3 order for single inheritance and for bases that share no ancestor).
func (c *pyClass) mro() []*pyClass {
	var out []*pyClass
	var walk func(k *pyClass)
	walk = func(k *pyClass) {
		if len(out) >= maxClassDepth || slices.Contains(out, k) {
			return
		}
		out = append(out, k)
		for _, b := range k.bases {
			walk(b)
		}
	}
	walk(c)
	return out
}

// lookup finds name along c's classes (after skips the classes up to and including it, for
// super()). It returns the value and, when not found, whether a base the run does not know
// may have it (the name is unknown rather than missing).
func (c *pyClass) lookup(name string, after *pyClass) (v value, found, opaque bool) {
	mro := c.mro()
	if after != nil {
		i := slices.Index(mro, after)
		if i < 0 {
			return nil, false, true
		}
		mro = mro[i+1:]
		opaque = after.opaque
	}
	for _, k := range mro {
		if v, ok := k.attrs[name]; ok {
			return v, true, false
		}
		opaque = opaque || k.opaque
	}
	return nil, false, opaque
}

// customBases are base classes whose metaclass or machinery makes a class something else than
// what its body says (enumerations, named tuples, typed dicts): such a class stays unknown.
var customBases = map[string]bool{"Enum": true, "IntEnum": true, "StrEnum": true, "Flag": true,
	"IntFlag": true, "NamedTuple": true, "TypedDict": true, "Protocol": true}

// makeClass runs a class statement: its bases are evaluated, its body runs in a namespace of
// its own, and the class is returned (unknown when it is not modelled, or in explore mode).
func (s *Interp) makeClass(st *ast.ClassDef) value {
	if !s.cfg.Strategy.followsProgram() || s.exhausted || s.depth >= MaxCallDepth {
		return vUnknown{}
	}
	dataclass, init := dataclassDecorator(st.DecoratorList)
	if len(st.DecoratorList) > 0 && !dataclass {
		return vUnknown{}
	}
	for _, k := range st.Keywords {
		if k.Arg == "metaclass" || k.Arg == "" {
			return vUnknown{}
		}
	}
	cls := &pyClass{name: st.Name, attrs: map[string]value{}}
	for _, b := range st.Bases {
		if _, ok := b.(*ast.Starred); ok {
			return vUnknown{}
		}
		if _, ok := b.(*ast.Subscript); ok { // Generic[T]
			cls.opaque = true
			continue
		}
		name := ast.TailName(b)
		if customBases[name] {
			return vUnknown{}
		}
		v := s.eval(b)
		switch v := v.(type) {
		case vClass:
			cls.bases = append(cls.bases, v.c)
		default:
			if name != "object" || !isUnknown(v) {
				cls.opaque = true
			}
		}
		s.decref(v)
	}
	env := s.closureEnv()
	fr := &frame{vars: map[string]value{}, globals: map[string]bool{}, env: env, class: true}
	s.depth++
	s.frames = append(s.frames, fr)
	saved := s.lines
	s.lines = append([]int(nil), s.lines...)
	s.execBlock(st.Body)
	s.lines = saved
	s.frames = s.frames[:len(s.frames)-1]
	s.depth--
	if fr.done {
		// a return or raise in a class body: nothing is known of the class
		for _, k := range slices.Sorted(maps.Keys(fr.vars)) {
			s.decref(fr.vars[k])
		}
		return vUnknown{}
	}
	if _, ok := fr.vars["__new__"]; ok {
		for _, k := range slices.Sorted(maps.Keys(fr.vars)) {
			s.decref(fr.vars[k])
		}
		return vUnknown{}
	}
	cls.attrs = fr.vars
	if dataclass {
		cls.fields = dataclassFields(cls.bases, st.Body)
		if _, own := cls.attrs["__init__"]; init && !own {
			cls.attrs["__init__"] = vFunc{def: s.dataclassInit(st, cls)}
		}
	}
	s.registerMethods(cls)
	return vClass{cls}
}

// field is a field of a dataclass: its name and the default its __init__ gives it (nil for none,
// or one the run does not know).
type field struct {
	name string
	def  ast.Expr
}

// dataclassDecorator reports whether decorators are one dataclass decorator (dataclass,
// dataclasses.dataclass, with or without arguments) and whether it writes an __init__.
func dataclassDecorator(decos []ast.Expr) (dataclass, init bool) {
	if len(decos) != 1 {
		return false, false
	}
	e, init := decos[0], true
	if c, ok := e.(*ast.Call); ok {
		e = c.Func
		for _, k := range c.Keywords {
			if k.Arg == "init" {
				if b, ok := k.Value.(*ast.Constant); !ok || b.Value.Kind != ast.ConstBool || !b.Value.Bool {
					init = false
				}
			}
		}
	}
	switch e := e.(type) {
	case *ast.Name:
		return e.ID == "dataclass", init
	case *ast.Attribute:
		return e.Attr == "dataclass", init
	}
	return false, false
}

// dataclassFields lists a dataclass's fields: its bases' (the last base's first, as
// dataclasses collects them along the MRO in reverse), then the annotated names of its body
// (ClassVar ones and field(init=False) left out), a later one replacing an earlier of the same
// name.
func dataclassFields(bases []*pyClass, body []ast.Stmt) []field {
	var out []field
	add := func(f field) {
		for i := range out {
			if out[i].name == f.name {
				out[i] = f
				return
			}
		}
		out = append(out, f)
	}
	for i := len(bases) - 1; i >= 0; i-- {
		for _, f := range bases[i].fields {
			add(f)
		}
	}
	for _, st := range body {
		a, ok := st.(*ast.AnnAssign)
		if !ok {
			continue
		}
		n, ok := a.Target.(*ast.Name)
		if !ok || isClassVar(a.Annotation) {
			continue
		}
		f := field{name: n.ID, def: a.Value}
		if c, ok := a.Value.(*ast.Call); ok && calleeName(c) == "field" {
			f.def = nil
			skip := false
			for _, k := range c.Keywords {
				switch k.Arg {
				case "default":
					f.def = k.Value
				case "init":
					skip = true
				}
			}
			if skip {
				continue
			}
		}
		add(f)
	}
	return out
}

func isClassVar(ann ast.Expr) bool {
	if sub, ok := ann.(*ast.Subscript); ok {
		ann = sub.Value
	}
	switch a := ann.(type) {
	case *ast.Name:
		return a.ID == "ClassVar"
	case *ast.Attribute:
		return a.Attr == "ClassVar"
	case *ast.Constant:
		return a.Value.Kind == ast.ConstStr && len(a.Value.Str) >= 8 && a.Value.Str[:8] == "ClassVar"
	}
	return false
}

func calleeName(c *ast.Call) string { return ast.TailName(c.Func) }

// dataclassInit is the __init__ a dataclass decorator writes for a class: a def at the class
// statement whose parameters are the fields (with their defaults) and whose body stores each in
// self and calls __post_init__ when a class defines one. It is made once per class statement.
func (s *Interp) dataclassInit(st *ast.ClassDef, cls *pyClass) *ast.FunctionDef {
	if d, ok := s.fs.inits[st]; ok {
		return d
	}
	r := st.Range
	args := &ast.Arguments{Range: r, Args: []*ast.Arg{{Range: r, Arg: "self"}}}
	var body []ast.Stmt
	self := func() ast.Expr { return &ast.Name{Range: r, ID: "self"} }
	for _, f := range cls.fields {
		if f.def == nil && len(args.Defaults) > 0 {
			f.def = &ast.Name{Range: r, ID: "<unknown default>"} // a required field after a default: Python refuses the class
		}
		args.Args = append(args.Args, &ast.Arg{Range: r, Arg: f.name})
		if f.def != nil {
			args.Defaults = append(args.Defaults, f.def)
		}
		body = append(body, &ast.Assign{Range: r, Targets: []ast.Expr{&ast.Attribute{Range: r, Value: self(), Attr: f.name}},
			Value: &ast.Name{Range: r, ID: f.name}})
	}
	if _, found, _ := cls.lookup("__post_init__", nil); found {
		body = append(body, &ast.ExprStmt{Range: r, Value: &ast.Call{Range: r, Func: &ast.Attribute{Range: r, Value: self(), Attr: "__post_init__"}}})
	}
	d := &ast.FunctionDef{Range: r, Name: "__init__", Args: args, Body: body}
	if s.fs.inits == nil {
		s.fs.inits = map[*ast.ClassDef]*ast.FunctionDef{}
	}
	s.fs.inits[st] = d
	return d
}

// registerMethods records the class's methods' names (Grid.__init__, for messages) and, when the
// run reads the project's modules, which module they belong to: a call of one runs in that
// module (enterModuleOf).
func (s *Interp) registerMethods(cls *pyClass) {
	run := s.project()
	var cur *projModule
	if run != nil {
		cur = s.curModule(run)
	}
	for _, v := range cls.attrs {
		var fns []vFunc
		switch v := v.(type) {
		case vFunc:
			fns = append(fns, v)
		case vStaticMethod:
			fns = append(fns, v.fn)
		case vClassMethod:
			fns = append(fns, v.fn)
		case vProperty:
			for _, f := range []*vFunc{v.get, v.set} {
				if f != nil {
					fns = append(fns, *f)
				}
			}
		}
		for _, f := range fns {
			if f.def == nil {
				continue
			}
			if s.methodNames == nil {
				s.methodNames = map[*ast.FunctionDef]string{}
			}
			s.methodNames[f.def] = cls.name + "." + f.def.Name
			if run == nil {
				continue
			}
			if _, known := run.defs[f.def]; !known {
				run.defs[f.def] = cur
			}
		}
	}
}

// methodValue is what a def in a class body binds: the function, or the staticmethod,
// classmethod or property that wraps it. Other decorators are taken as returning the function,
// as for a def outside a class.
func (s *Interp) methodValue(st *ast.FunctionDef) value {
	fn := s.funcValue(st)
	for _, d := range st.DecoratorList {
		if x, ok := d.(*ast.Attribute); ok {
			if base, ok := x.Value.(*ast.Name); ok && (x.Attr == "setter" || x.Attr == "getter" || x.Attr == "deleter") {
				p, ok := s.top().vars[base.ID].(vProperty)
				if !ok {
					return vUnknown{}
				}
				switch x.Attr {
				case "setter":
					p.set = &fn
				case "getter":
					p.get = &fn
				}
				return p
			}
		}
		switch ast.TailName(d) {
		case "staticmethod":
			return vStaticMethod{fn}
		case "classmethod":
			return vClassMethod{fn}
		case "property", "abstractproperty":
			return vProperty{get: &fn}
		case "cached_property":
			return vProperty{get: &fn, cached: true}
		}
	}
	return fn
}

// closureEnvOf is a frame as the env of a function defined in it: a class body's names are not
// seen by its methods, which see the function the class is defined in.
func closureEnvOf(f *frame) *frame {
	for f != nil && f.class {
		f = f.env
	}
	return f
}

// instantiate calls a class: a new instance, __init__ run on it with the call's arguments.
func (s *Interp) instantiate(cls *pyClass, c *call) value {
	inst := vInstance{&pyInstance{refs: 1, cls: cls, attrs: map[string]value{}}}
	init, found, opaque := cls.lookup("__init__", nil)
	if fn, ok := init.(vFunc); found && ok {
		incref(inst)
		args := append([]value{inst}, c.args...)
		kw := c.kw
		c.args, c.kw = nil, nil
		s.decref(s.callClosure(fn, args, kw))
		return inst
	}
	if opaque || found {
		// the __init__ of a base the run does not know (or not a plain function) runs on the
		// arguments: what it keeps of them is not known
		s.useAll(c.args)
		if anyArray(c) || anyUnknown(c) {
			s.unmodelled(c, "`"+cls.name+"`'s __init__ is not modelled (a base class the interpreter does not know) and is given arrays or "+GivenUnknownType)
		}
	}
	return inst
}

// bindMember is the value of a class attribute v read through an object: a function becomes a
// method bound to self, a classmethod one bound to cls, a staticmethod its function.
func (s *Interp) bindMember(v value, self value, cls *pyClass) value {
	switch v := v.(type) {
	case vFunc:
		incref(self)
		return vBound{fn: v, self: self}
	case vStaticMethod:
		return v.fn
	case vClassMethod:
		return vBound{fn: v.fn, self: vClass{cls}}
	case vProperty:
		if v.get == nil {
			return vUnknown{}
		}
		incref(self)
		return s.callClosure(*v.get, []value{self}, nil)
	}
	incref(v)
	return v
}

// instanceAttr is obj.name on an instance: a property of its class, the instance's attribute,
// else the class's (a method bound to obj).
func (s *Interp) instanceAttr(inst vInstance, name string) value {
	cls := inst.o.cls
	cv, found, _ := cls.lookup(name, nil)
	if p, ok := cv.(vProperty); found && ok {
		if v, ok := inst.o.attrs[name]; ok && p.cached {
			incref(v)
			return v
		}
		v := s.bindMember(p, inst, cls)
		if p.cached && inst.o.attrs != nil {
			incref(v)
			s.storeAttr(inst.o.attrs, name, v, "")
		}
		return v
	}
	if v, ok := inst.o.attrs[name]; ok {
		incref(v)
		return v
	}
	if name == "__class__" {
		return vClass{cls}
	}
	if !found {
		return vUnknown{}
	}
	return s.bindMember(cv, inst, cls)
}

// classAttr is C.name on a class: a function is a plain function, a classmethod is bound to
// the class.
func (s *Interp) classAttr(c vClass, name string) value {
	if name == "__name__" {
		return vStr{s: c.c.name}
	}
	v, found, _ := c.c.lookup(name, nil)
	if !found {
		return vUnknown{}
	}
	switch v := v.(type) {
	case vFunc:
		return v
	case vProperty:
		return vUnknown{}
	}
	return s.bindMember(v, c, c.c)
}

// superOf is super() in the running method: the class it is defined in is found along the
// classes of its first argument's class (what CPython's __class__ cell holds).
func (s *Interp) superOf() value {
	f := s.top()
	if f.fn == nil {
		return vUnknown{}
	}
	params := paramNames(f.fn.Args)
	if len(params) == 0 {
		return vUnknown{}
	}
	self := f.vars[params[0]]
	cls, ok := classOf(self)
	if !ok {
		return vUnknown{}
	}
	for _, k := range cls.mro() {
		for _, v := range k.attrs {
			if definesFunc(v, f.fn) {
				incref(self)
				return vSuper{after: k, self: self}
			}
		}
	}
	return vUnknown{}
}

// classOf is the class of an instance, or a class itself (the self of a classmethod).
func classOf(v value) (*pyClass, bool) {
	switch v := v.(type) {
	case vInstance:
		return v.o.cls, true
	case vClass:
		return v.c, true
	}
	return nil, false
}

// definesFunc reports whether class attribute v is (or wraps) the function def.
func definesFunc(v value, def *ast.FunctionDef) bool {
	switch v := v.(type) {
	case vFunc:
		return v.def == def
	case vStaticMethod:
		return v.fn.def == def
	case vClassMethod:
		return v.fn.def == def
	case vProperty:
		return v.get != nil && v.get.def == def || v.set != nil && v.set.def == def
	}
	return false
}

// superAttr is super().name: the attribute of the classes after sp.after, bound to self.
func (s *Interp) superAttr(sp vSuper, name string) value {
	cls, ok := classOf(sp.self)
	if !ok {
		return vUnknown{}
	}
	v, found, _ := cls.lookup(name, sp.after)
	if !found {
		return vUnknown{}
	}
	if _, ok := sp.self.(vClass); ok {
		if f, ok := v.(vFunc); ok {
			return f
		}
	}
	return s.bindMember(v, sp.self, cls)
}

// setAttr runs `obj.name = v`: an instance's or a class's attribute is set (a property's setter
// runs); on other values the value is dropped.
func (s *Interp) setAttr(t *ast.Attribute, v value) {
	base := s.eval(t.Value)
	switch b := base.(type) {
	case vInstance:
		if cv, found, _ := b.o.cls.lookup(t.Attr, nil); found {
			if p, ok := cv.(vProperty); ok {
				if p.set != nil {
					incref(b)
					s.decref(s.callClosure(*p.set, []value{b, v}, nil))
				} else {
					s.decref(v)
				}
				break
			}
		}
		if b.o.attrs == nil {
			b.o.attrs = map[string]value{}
		}
		s.storeAttr(b.o.attrs, t.Attr, acyclicAttr(v, b.o), s.text(t))
	case vClass:
		s.storeAttr(b.c.attrs, t.Attr, v, s.text(t))
	case vNamespace:
		if b.set != nil && plainData(v) {
			if b.set.m == nil {
				b.set.m = map[string]value{}
			}
			b.set.m[t.Attr] = v // numbers and text: no array's reference is held
		} else {
			s.decref(v)
		}
	default:
		s.decref(v)
	}
	s.decref(base)
}

// plainData reports whether v is a number, a string, None, or a tuple or list of them.
func plainData(v value) bool {
	switch v := v.(type) {
	case vInt, vFloat, vStr, vNone:
		return true
	case vTuple:
		return !slices.ContainsFunc(v.elts, func(e value) bool { return !plainData(e) })
	case vList:
		return !slices.ContainsFunc(v.l.elts, func(e value) bool { return !plainData(e) })
	}
	return false
}

// acyclicAttr returns v to be stored in an attribute of o, or unknown when v is o itself (an
// instance that refers to itself would never die).
func acyclicAttr(v value, o *pyInstance) value {
	if i, ok := v.(vInstance); ok && i.o == o {
		return vUnknown{}
	}
	return v
}

// storeAttr binds attrs[name] to v (whose reference it takes) and drops the old value; label
// names an array stored there for the heap ("self.grid").
func (s *Interp) storeAttr(attrs map[string]value, name string, v value, label string) {
	old, had := attrs[name]
	if had {
		if i, ok := old.(vInstance); ok && i.o.refs == -1 {
			had = false
		}
	}
	attrs[name] = v
	if label != "" {
		s.named(v, label)
	}
	if had {
		s.decref(old)
	}
}

// delAttr runs `del obj.name` on an instance.
func (s *Interp) delAttr(t *ast.Attribute) {
	base := s.eval(t.Value)
	if b, ok := base.(vInstance); ok && b.o.attrs != nil {
		if old, ok := b.o.attrs[t.Attr]; ok {
			delete(b.o.attrs, t.Attr)
			s.decref(old)
		}
	}
	s.decref(base)
}

// dieInstance releases what an instance no reference reaches any more holds.
func (s *Interp) dieInstance(o *pyInstance) {
	if o.refs < 0 {
		return
	}
	o.refs = -1
	attrs := o.attrs
	o.attrs = nil
	for _, k := range slices.Sorted(maps.Keys(attrs)) {
		s.decref(attrs[k])
	}
}

// callInstance is obj(args): its class's __call__ method, inlined.
func (s *Interp) callInstance(inst vInstance, c *call) (value, bool) {
	if _, ok := s.dunder(inst, "__call__"); !ok {
		return nil, false
	}
	args, kw := c.args, c.kw
	c.args, c.kw = nil, nil
	return s.callDunderKw(inst, "__call__", args, kw)
}

// dunder returns the plain function name of inst's class (a special method), if it has one.
func (s *Interp) dunder(inst vInstance, name string) (vFunc, bool) {
	v, found, _ := inst.o.cls.lookup(name, nil)
	fn, ok := v.(vFunc)
	return fn, found && ok
}

// callDunder runs the special method name of inst's class on args (which it takes), inlined;
// ok is false, and args are dropped, when the class has none.
func (s *Interp) callDunder(inst vInstance, name string, args []value) (value, bool) {
	return s.callDunderKw(inst, name, args, nil)
}

func (s *Interp) callDunderKw(inst vInstance, name string, args []value, kw map[string]value) (value, bool) {
	fn, ok := s.dunder(inst, name)
	if !ok {
		for _, a := range args {
			s.decref(a)
		}
		for _, k := range slices.Sorted(maps.Keys(kw)) {
			s.decref(kw[k])
		}
		return nil, false
	}
	incref(inst)
	return s.callClosure(fn, append([]value{inst}, args...), kw), true
}

// getattrCall is getattr(obj, "name"[, default]) on an instance or class: the attribute read,
// or the default when it is known to be missing; ok is false for other calls.
func (s *Interp) getattrCall(c *call) (value, bool) {
	if len(c.args) < 2 || len(c.args) > 3 {
		return nil, false
	}
	name, ok := c.args[1].(vStr)
	if !ok {
		return nil, false
	}
	switch o := c.args[0].(type) {
	case vInstance:
		if _, has := o.o.attrs[name.s]; !has && len(c.args) == 3 {
			if _, found, opaque := o.o.cls.lookup(name.s, nil); !found && !opaque {
				incref(c.args[2])
				return c.args[2], true
			}
		}
		return s.instanceAttr(o, name.s), true
	case vClass:
		return s.classAttr(o, name.s), true
	}
	return nil, false
}

// setattrCall is setattr(obj, "name", v) on an instance; ok is false for other calls.
func (s *Interp) setattrCall(c *call) bool {
	if len(c.args) != 3 {
		return false
	}
	name, ok := c.args[1].(vStr)
	inst, isInst := c.args[0].(vInstance)
	if !ok || !isInst {
		return false
	}
	if inst.o.attrs == nil {
		inst.o.attrs = map[string]value{}
	}
	v := acyclicAttr(c.args[2], inst.o)
	incref(v)
	s.storeAttr(inst.o.attrs, name.s, v, "")
	return true
}

// constHoldsArrays reports whether a class or instance holds an array in an attribute, its
// class's or its bases'.
func constHoldsArrays(v value) bool {
	var cls *pyClass
	switch v := v.(type) {
	case vClass:
		cls = v.c
	case vInstance:
		if holdsArrays(v, 0) {
			return true
		}
		cls = v.o.cls
	default:
		return holdsArrays(v, 0)
	}
	for _, k := range cls.mro() {
		for _, a := range k.attrs {
			if holdsArrays(a, 1) {
				return true
			}
		}
	}
	return false
}

// ownConst returns, for a class or instance among the module's constants (shared by the runs
// over one file), this run's copy of it: a run may set its attributes. The copy keeps the
// module's reference, so it lives as long as the run.
func (s *Interp) ownConst(v value) value {
	if s.constCloner == nil {
		s.constCloner = newCloner(NoHeap{})
	}
	return s.constCloner.val(v)
}

// class copies a class for a fork (or a run's own copy of a constant class).
func (c *Cloner) class(k *pyClass) *pyClass {
	if k == nil {
		return nil // a project class being made, or not made (Interp.classes)
	}
	if n, ok := c.Memo[k]; ok {
		return n.(*pyClass)
	}
	n := &pyClass{name: k.name, opaque: k.opaque, attrs: make(map[string]value, len(k.attrs)), fields: k.fields}
	c.Memo[k] = n
	for _, b := range k.bases {
		n.bases = append(n.bases, c.class(b))
	}
	for name, v := range k.attrs {
		n.attrs[name] = c.val(v)
	}
	return n
}

// instance copies an instance for a fork.
func (c *Cloner) instance(o *pyInstance) *pyInstance {
	if n, ok := c.Memo[o]; ok {
		return n.(*pyInstance)
	}
	n := &pyInstance{refs: o.refs, attrs: make(map[string]value, len(o.attrs)), record: o.record}
	c.Memo[o] = n
	n.cls = c.class(o.cls)
	for name, v := range o.attrs {
		n.attrs[name] = c.val(v)
	}
	return n
}
