package absint

import (
	"strings"

	"github.com/arraylint/arraylint/arraymodel/npapi"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines how a client starts a run and reads what it found.

// New returns an interpreter for one run over cfg.File.
func New(cfg Config) *Interp {
	if cfg.Heap == nil {
		cfg.Heap = NoHeap{}
	}
	if cfg.Backend == "" {
		cfg.Backend = BackendNumPy
	}
	if cfg.Imports == nil && cfg.File != nil {
		cfg.Imports = imports.Build(cfg.File.Module)
	}
	if cfg.Shared == nil {
		cfg.Shared = &Shared{}
	}
	s := &Interp{file: cfg.File, imp: cfg.Imports, cfg: cfg, h: cfg.Heap, shared: cfg.Shared, fs: &cfg.Shared.file}
	s.module = &frame{vars: map[string]value{}, globals: map[string]bool{}}
	s.frames = []*frame{s.module}
	s.root = s.module
	return s
}

// RunModule runs the module body.
func (s *Interp) RunModule() {
	s.execBlock(s.file.Module.Body)
}

// RunFunction runs the body of a function of the file on its own: its parameters hold what
// they hold when nothing calls it (an assumed value, a constant default when defaults bind, an
// array of unknown shape for an array annotation, the library an array-module parameter is
// named for, a symbol of its own otherwise), and it sees the module's constants. It reports
// whether def is compiled with jax.jit.
func (s *Interp) RunFunction(def *ast.FunctionDef) (jit bool) {
	jit = s.traced(def) != nil
	s.RunBody(def, def.Args, def.Body, jit)
	return jit
}

// RunBody runs the body of any scope on its own as RunFunction does: a function, an async
// function, a lambda's body or a class body (args nil); node is the scope's node.
func (s *Interp) RunBody(node ast.Node, args *ast.Arguments, body []ast.Stmt, jit bool) {
	s.consts = s.moduleConstants()
	def, _ := node.(*ast.FunctionDef)
	fr := &frame{vars: map[string]value{}, globals: map[string]bool{}, fn: def, jit: jit}
	line := s.lineOf(node)
	for _, p := range imports.AllArgs(args) {
		fr.vars[p.Arg] = s.paramValue(def, args, line, p)
	}
	s.frames = append(s.frames, fr)
	s.root, s.rootNode = fr, node
	var prog *xlaProgram
	if jit && def != nil && s.traced(def) != nil {
		prog, _ = s.enterXLA(def, fr) // the function's own XLA program
	}
	s.execBlock(body)
	if prog != nil {
		ret := fr.ret
		if ret == nil {
			ret = vNone{}
		}
		s.finishXLA(prog, ret, 0, fr.retLine)
	}
}

// paramValue is what parameter p of a scope run on its own holds: an assumed value, the array
// library it is named for (np, xp, cp, jnp), its constant default, an array of unknown shape
// for an array annotation (np.ndarray, jax.Array, NDArray…), and otherwise a symbol of its own
// name (an int if annotated so), so that sizes computed from it stay comparable.
func (s *Interp) paramValue(def *ast.FunctionDef, args *ast.Arguments, line int, p *ast.Arg) value {
	if v, ok := s.assumedValue(p.Arg); ok {
		return v
	}
	if def != nil && s.cfg.Strategy.bindsDefaults() {
		if v, ok := s.callSiteValue(def, p.Arg); ok {
			return v // what the function's only call passes
		}
	}
	if def != nil {
		if v, ok := s.inputCallSiteValue(def, p.Arg); ok {
			return v // a command-line option the function's only call passes
		}
	}
	if def != nil && !s.cfg.Strategy.bindsDefaults() {
		if v, ok := s.callerArray(def, p.Arg, line); ok {
			return v // the array the function's only call passes
		}
		if v, ok := s.callerInstance(def, p.Arg, line); ok {
			return v // the fields of the instance the function's calls pass
		}
		if v, ok := s.callSiteValue(def, p.Arg); ok {
			if i, isInt := v.(vInt); isInt && i.known {
				return v // the size the function's only call states (make(500, 16))
			}
			s.decref(v)
		}
		if v, ok := s.callSiteFloat(def, p.Arg); ok {
			return v // a Python float the only call states (step(u, 0.1)): a float, not an array
		}
		if v, ok := s.callerInt(def, p.Arg); ok {
			return v // the size the caller's run knows its argument to be (n = 500; make(n))
		}
	}
	if ref, ok := s.moduleParam(def, p); ok {
		if s.cfg.Strategy.takesConventions() {
			s.symbols = append(s.symbols, Symbol{Name: p.Arg, Value: ref.Qual, Source: SourceConvention, Line: line})
		}
		return vModule{ref}
	}
	if s.cfg.Strategy.bindsDefaults() {
		if v := s.defaultFor(args, p.Arg); !isUnknown(v) {
			if def != nil {
				v = formed(v, p.Arg)
				s.noteDefault(def, p.Arg, v)
			}
			return v
		}
	}
	sym := npapi.Var(p.Arg)
	if p.Annotation == nil {
		if !s.cfg.Strategy.bindsDefaults() {
			// a parameter whose default is a number is a number of that kind, its value the
			// caller's: `linspace(0, 1, 256) * rot` with rot=1 keeps its 256 elements
			switch v := s.defaultFor(args, p.Arg).(type) {
			case vInt:
				if v.known {
					return vInt{sym: sym}
				}
			case vFloat:
				return vFloat{complex: v.complex}
			}
		}
		return vUnknown{sym: sym}
	}
	if ArrayAnnotation(s.imp, p.Annotation) {
		var b imports.Backend
		if ref, ok := s.imp.Resolve(p.Annotation); ok {
			b = ref.Backend
		}
		return vArray{&Obj{refs: 1, shape: unknownShape, label: p.Arg, line: line, origin: Param, backend: b}}
	}
	ann := s.text(p.Annotation)
	switch {
	case ann == "int":
		return vInt{sym: sym}
	case ann == "float":
		return vFloat{}
	case strings.Contains(ann, "ndarray") || strings.Contains(ann, "Array") && !strings.Contains(ann, "ArrayLike"):
		return vArray{&Obj{refs: 1, shape: unknownShape, label: p.Arg, line: line, origin: Param}}
	}
	return vUnknown{sym: sym}
}

// ArrayAnnotation reports whether a parameter annotation declares an array: np.ndarray,
// cp.ndarray, jax.Array, numpy.typing.NDArray[...] (resolved through the imports), or one of
// these spelled as a string. ArrayLike does not (it admits lists and scalars).
func ArrayAnnotation(imp *imports.Info, x ast.Expr) bool {
	if sub, ok := x.(*ast.Subscript); ok {
		x = sub.Value // NDArray[np.float32]; Optional[...] is not unwrapped
	}
	if c, ok := x.(*ast.Constant); ok && c.Value.Kind == ast.ConstStr {
		switch c.Value.Str {
		case "np.ndarray", "numpy.ndarray", "cp.ndarray", "jnp.ndarray", "jax.Array", "NDArray", "npt.NDArray":
			return true
		}
		return false
	}
	if ref, ok := imp.Resolve(x); ok {
		switch ref.API {
		case "ndarray", "jax.Array", "jax.numpy.ndarray", "typing.NDArray":
			return true
		}
		return false
	}
	// numpy.typing imported as npt: npt.NDArray
	at, ok := x.(*ast.Attribute)
	return ok && at.Attr == "NDArray"
}

func isUnknown(v value) bool {
	_, ok := v.(vUnknown)
	return ok
}

// moduleConstants returns the module's constants and functions after running its body, for
// functions analysed on their own (not its arrays: their memory belongs to the module scope).
// The runs over one file share them (Config.Shared), read-only: copying every module constant
// into each function's run made a module of 160,000 functions cost 160,000² map writes.
func (s *Interp) moduleConstants() map[string]value {
	sh := s.cfg.Consts
	if sh == nil {
		if s.shared.consts == nil {
			s.shared.consts = &Consts{}
		}
		sh = s.shared.consts
	}
	if sh.done && !sh.readsAny(s.cfg.Scaling) {
		return sh.m
	}
	if sh.done {
		sh = &Consts{} // the module body read the varied name: its constants are this run's own
	}
	cfg := s.cfg
	cfg.Heap, cfg.Observe, cfg.Consts = NoHeap{}, nil, nil
	scratch := New(cfg)
	scratch.execBlock(s.file.Module.Body)
	out := map[string]value{}
	for k, v := range scratch.module.vars {
		switch v.(type) {
		case vInt, vFloat, vStr, vDType, vFunc, vNone, vModule, vNamespace:
			out[k] = v
		case vTuple:
			if _, _, ok := literalShape(v); ok || isIntTuple(v) {
				out[k] = v
			}
		case vClass, vInstance:
			if !constHoldsArrays(v) {
				out[k] = v // each run reads its own copy (ownConst)
			}
		}
	}
	sh.m, sh.done, sh.reads = out, true, map[string]bool{}
	for _, sym := range scratch.symbols {
		sh.reads[sym.Name] = true // values from outside the module (assumed, argparse…)
	}
	return out
}

func isIntTuple(v value) bool {
	t, ok := v.(vTuple)
	if !ok {
		return false
	}
	for _, e := range t.elts {
		if _, ok := e.(vInt); !ok {
			return false
		}
	}
	return true
}

// Unknown returns the allocations of unknown size the run met, once per line and expression.
func (s *Interp) Unknown() []Unknown { return s.unknown }

// Symbols returns the values the run took from outside the program's assignments.
func (s *Interp) Symbols() []Symbol { return s.symbols }

// Growth returns the loops whose live memory grew per iteration.
func (s *Interp) Growth() []Growth { return s.growth }

// File returns the file the run interprets.
func (s *Interp) File() *pyparse.File { return s.file }

// Imports returns the file's import resolution.
func (s *Interp) Imports() *imports.Info { return s.imp }

// Line returns the line of the scope's statement being run: inside a loop the body's line,
// inside an inlined call the call's line (where a client attributes an allocation).
func (s *Interp) Line() int { return s.line() }

// Site returns the line of the innermost statement being run in any frame.
func (s *Interp) Site() int { return s.site() }

// Pending returns the name the assignment being run binds ("" for another statement).
func (s *Interp) Pending() string { return s.pending }

// PendingName returns the name the assignment being run binds when o is allocated by its whole
// value (`c = b + 2`), else "": such an array is named from its allocation on, so a peak that
// allocation reaches lists it by that name.
func (s *Interp) PendingName(o *Obj) string {
	if s.pending == "" || o == nil || o.node == nil || s.pendingValue == nil || ast.Node(o.node) != ast.Node(s.pendingValue) {
		return ""
	}
	return s.pending
}

// LineOf returns the line n starts on.
func (s *Interp) LineOf(n ast.Node) int { return s.lineOf(n) }

// Text returns n's source text, cut at 80 characters.
func (s *Interp) Text(n ast.Node) string { return s.text(n) }

// InJIT reports whether the innermost frame is a jax.jit-compiled function.
func (s *Interp) InJIT() bool { return s.top().jit }

// moduleParam reports whether parameter p of def is an array module handed to the code: the
// function reads it as one (imports.ModuleValue), or — for the memory estimate, which takes
// conventions — it is named like one.
func (s *Interp) moduleParam(def *ast.FunctionDef, p *ast.Arg) (imports.Ref, bool) {
	if def != nil && p.Annotation == nil {
		if ref, ok := s.imp.ModuleValue(s.imp.Scopes[def], p.Arg); ok {
			return ref, true
		}
	}
	if s.cfg.Strategy.takesConventions() {
		return imports.ConventionRef(p)
	}
	return imports.Ref{}, false
}

// moduleValue returns, for a name the current frame binds to a value the run cannot see into,
// the array module the code reads it as (`np = harness.np`), if it does.
func (s *Interp) moduleValue(name string) (value, bool) {
	f := s.top()
	var scope *imports.Scope
	switch {
	case f == s.module || f.globals[name]:
		scope = s.imp.Root
	case f.fn != nil && !f.class:
		scope = s.imp.Scopes[f.fn]
	default:
		return nil, false
	}
	if ref, ok := s.imp.ModuleValue(scope, name); ok {
		return vModule{ref}, true
	}
	return nil, false
}
