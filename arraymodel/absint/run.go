package absint

import (
	"strings"

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
	s := &Interp{file: cfg.File, imp: cfg.Imports, cfg: cfg, h: cfg.Heap, shared: cfg.Shared}
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
// they hold when nothing calls it (an assumed value, a constant default, an array of unknown
// shape for an array annotation, the library an array-module parameter is named for), and it
// sees the module's constants. It reports whether def is compiled with jax.jit.
func (s *Interp) RunFunction(def *ast.FunctionDef) (jit bool) {
	s.consts = s.moduleConstants()
	fr := &frame{vars: map[string]value{}, globals: map[string]bool{}, fn: def, jit: isJIT(s, def)}
	for _, p := range paramNames(def.Args) {
		fr.vars[p] = s.paramValue(def, p)
	}
	s.frames = append(s.frames, fr)
	s.root = fr
	s.execBlock(def.Body)
	return fr.jit
}

// paramValue is what a parameter holds when its function is analysed on its own: an assumed
// int, a constant default, or unknown. An annotation `np.ndarray`, `jax.Array`, `ArrayLike`…
// makes the parameter an array of unknown shape owned by the caller, so what the function
// derives from it is listed as unknown.
func (s *Interp) paramValue(def *ast.FunctionDef, p string) value {
	for _, a := range imports.AllArgs(def.Args) {
		if ref, ok := imports.ConventionRef(a); ok && a.Arg == p {
			_, assumed := s.cfg.Assume[p]
			if _, expr := s.cfg.AssumeExprs[p]; !assumed && !expr {
				s.symbols = append(s.symbols, Symbol{Name: p, Value: ref.Qual, Source: SourceConvention, Line: s.lineOf(def)})
				return vModule{ref}
			}
		}
	}
	v := s.defaultFor(def.Args, p)
	if _, ok := v.(vUnknown); !ok {
		return v
	}
	for _, a := range append(append(append([]*ast.Arg{}, def.Args.Posonlyargs...), def.Args.Args...), def.Args.Kwonlyargs...) {
		if a.Arg != p || a.Annotation == nil {
			continue
		}
		ann := s.text(a.Annotation)
		switch {
		case ann == "int":
			return vInt{}
		case ann == "float":
			return vFloat{}
		case strings.Contains(ann, "ndarray") || strings.Contains(ann, "Array"):
			return vArray{&Obj{refs: 1, shape: unknownShape, label: p, line: s.lineOf(def)}}
		}
	}
	return v
}

// moduleConstants returns the module's constants and functions after running its body, for
// functions analysed on their own (not its arrays: their memory belongs to the module scope).
// The runs over one file share them (Config.Shared), read-only: copying every module constant
// into each function's run made a module of 160,000 functions cost 160,000² map writes.
func (s *Interp) moduleConstants() map[string]value {
	sh := s.shared
	if sh.constsDone {
		return sh.consts
	}
	sh.constsDone = true
	cfg := s.cfg
	cfg.Heap = NoHeap{}
	scratch := New(cfg)
	scratch.execBlock(s.file.Module.Body)
	out := map[string]value{}
	for k, v := range scratch.module.vars {
		switch v.(type) {
		case vInt, vFloat, vStr, vDType, vFunc, vNone, vModule:
			out[k] = v
		case vTuple:
			if _, _, ok := literalShape(v); ok || isIntTuple(v) {
				out[k] = v
			}
		}
	}
	sh.consts = out
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

// LineOf returns the line n starts on.
func (s *Interp) LineOf(n ast.Node) int { return s.lineOf(n) }

// Text returns n's source text, cut at 80 characters.
func (s *Interp) Text(n ast.Node) string { return s.text(n) }

// InJIT reports whether the innermost frame is a jax.jit-compiled function.
func (s *Interp) InJIT() bool { return s.top().jit }
