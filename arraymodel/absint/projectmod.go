package absint

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file evaluates calls into the modules of the analysed file's project: a name imported
// from one (`from .solver import step`, `import mypkg.kernels as k` then `k.step`) is looked up
// in that module, and its function runs inlined as a function of the analysed file does, with
// the caller's arguments, in the module it comes from (its imports, its constants). What it
// allocates counts at the caller's line. A module that cannot be read is listed as unknown.
// Calls stay bounded by MaxCallDepth and recursion is cut as in the file; projectfiles.go bounds
// the files read.

// projModule is one module of the project in one estimate.
type projModule struct {
	*parsedModule
	path string // absolute; for the analysed file, its path as given when it has no absolute form
	rel  string // path relative to the project root, for messages
	err  string // why the module is not read ("" when it is)

	values     map[string]value // module constants evaluated so far (nil: not a constant)
	evaluating map[string]bool  // constants being evaluated: a cycle sees none
	fs         *fileState
	subCache   map[string]*projModule // submodules by name, nil entries for none
	memberSeen map[string]bool        // members being resolved: a re-export cycle stops
}

// projectRun is the project state of one Estimate (Options.project), shared by its scopes.
type projectRun struct {
	root   string // resolved project root
	home   *projModule
	byFile map[*pyparse.File]*projModule
	byPath map[string]*projModule
	defs   map[*ast.FunctionDef]*projModule // the module each known function belongs to
	read   int                              // project modules read
	found  map[string]*projModule           // imports resolved, by importing file, level and name
	parsed ParsedSet                        // Options.parsed: the series' parses
	files  Files                            // Config.Files, or the file system
}

// projState is one simulation's place in the project: the module whose code runs and, away
// from the simulation's own file, the line of the call that left it.
type projState struct {
	cur    *projModule
	line   int
	steps  int                    // statements run in other modules' code (MaxProjectSteps)
	home   simContext             // the simulation's own file, saved when it first left it
	frames map[*projModule]*frame // module frames of the other modules
}

// simContext is what running another module's code swaps.
type simContext struct {
	file   *pyparse.File
	imp    *imports.Info
	fs     *fileState
	module *frame
	consts map[string]value
}

// vProject is a module of the project as a value (`import mypkg.kernels as k`).
type vProject struct{ m *projModule }

// project returns the estimate's project state, or nil when no project root is set.
func (s *Interp) project() *projectRun {
	if s.cfg.ProjectRoot == "" {
		return nil
	}
	if s.shared.project != nil {
		return s.shared.project
	}
	root, err := filepath.Abs(s.cfg.ProjectRoot)
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	if err != nil {
		return nil
	}
	run := &projectRun{root: root, byFile: map[*pyparse.File]*projModule{}, byPath: map[string]*projModule{}, defs: map[*ast.FunctionDef]*projModule{}, found: map[string]*projModule{}, parsed: s.cfg.Parsed, files: s.cfg.Files}
	if run.files == nil {
		run.files = osFiles{}
	}
	path := s.cfg.Path
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	home := &projModule{parsedModule: parseModule(s.file, s.imp), path: path, rel: filepath.Base(path)}
	run.home = home
	run.byFile[s.file] = home
	run.byPath[path] = home
	for _, d := range home.defs {
		run.defs[d] = home
	}
	s.shared.project = run
	return run
}

// curModule returns the module whose code the simulation runs.
func (s *Interp) curModule(run *projectRun) *projModule {
	if s.proj.cur != nil {
		return s.proj.cur
	}
	if m := run.byFile[s.file]; m != nil {
		return m // a module's constants being computed: its own file
	}
	return run.home
}

// projectName looks a name up among the current module's imports from the project: a function,
// a constant, a submodule or a module. ok is false when the name is not imported from a module
// of the project.
func (s *Interp) projectName(n *ast.Name) (value, bool) {
	run := s.project()
	if run == nil {
		return nil, false
	}
	cur := s.curModule(run)
	b, bound := cur.binds[n.ID]
	if !bound && cur != run.home {
		if v, ok := s.member(run, cur, n.ID); ok {
			return v, true // a function or constant of the module whose code runs
		}
	}
	if !bound {
		for _, star := range cur.stars {
			if m := s.importedModule(run, cur, star.module, star.level); m != nil && m.err == "" {
				if v, ok := s.member(run, m, n.ID); ok {
					return v, true
				}
			}
		}
		return nil, false
	}
	m := s.importedModule(run, cur, b.module, b.level)
	if m == nil {
		return nil, false // not a module of the project (a library, the standard library)
	}
	if b.name == "" {
		return s.readable(n, m)
	}
	if m.err != "" {
		if sub := s.submodule(run, m, b.name); sub != nil {
			return s.readable(n, sub)
		}
		return s.readable(n, m)
	}
	v, ok := s.member(run, m, b.name)
	if !ok {
		return nil, false
	}
	if cur == run.home {
		v = s.importedConstant(n.ID, v, b.line)
	}
	return v, true
}

// readable returns module m as a value, or a vUnread saying why it is not read.
func (s *Interp) readable(n *ast.Name, m *projModule) (value, bool) {
	if m.err != "" {
		return vUnread{fmt.Sprintf("`%s` comes from %s, which is not read: %s", n.ID, m.rel, m.err)}, true
	}
	return vProject{m}, true
}

// vUnread is a name imported from a module of the project that is not read: a call of it (or
// of an attribute of it) is listed as unknown with the reason.
type vUnread struct{ reason string }

// projectAttr is k.attr on a project module.
func (s *Interp) projectAttr(p vProject, attr string) value {
	run := s.project()
	if run == nil {
		return vUnknown{}
	}
	if v, ok := s.member(run, p.m, attr); ok {
		return v
	}
	return vUnknown{}
}

// member resolves name in module m: a function, a module constant, a name m imports from the
// project itself (a re-export), or a submodule of a package.
func (s *Interp) member(run *projectRun, m *projModule, name string) (value, bool) {
	if m.err != "" || m.memberSeen[name] {
		return nil, false
	}
	for i := len(m.defs) - 1; i >= 0; i-- {
		if m.defs[i].Name == name {
			return vFunc{def: m.defs[i]}, true
		}
	}
	if s.cfg.Strategy.followsProgram() {
		for i := len(m.classes) - 1; i >= 0; i-- {
			if m.classes[i].Name == name {
				return s.projectClass(m, m.classes[i]), true
			}
		}
	}
	if v := s.moduleConstant(m, name); v != nil {
		return v, true
	}
	if m.memberSeen == nil {
		m.memberSeen = map[string]bool{}
	}
	m.memberSeen[name] = true
	defer delete(m.memberSeen, name)
	if b, ok := m.binds[name]; ok {
		if from := s.importedModule(run, m, b.module, b.level); from != nil {
			if b.name == "" {
				if from.err != "" {
					return vUnknown{}, true
				}
				return vProject{from}, true
			}
			if v, ok := s.member(run, from, b.name); ok {
				return v, true
			}
			// `from . import util` in a package's __init__.py: its submodule (below)
		}
	}
	if sub := s.submodule(run, m, name); sub != nil && sub.err == "" {
		return vProject{sub}, true
	}
	for _, star := range m.stars {
		if from := s.importedModule(run, m, star.module, star.level); from != nil {
			if v, ok := s.member(run, from, name); ok {
				return v, true
			}
		}
	}
	return nil, false
}

// submodule returns module name of package m (m an __init__.py), or nil.
func (s *Interp) submodule(run *projectRun, m *projModule, name string) *projModule {
	if filepath.Base(m.path) != "__init__.py" {
		return nil
	}
	if sub, ok := m.subCache[name]; ok {
		return sub
	}
	sub := run.load(moduleFile(run.files, filepath.Dir(m.path), name))
	if m.subCache == nil {
		m.subCache = map[string]*projModule{}
	}
	m.subCache[name] = sub
	return sub
}

// importedModule finds the module an import in from names: relative to from's package for a
// relative import; else beside the analysed file (a script's directory is on sys.path), then at
// the project root and under its src/. nil when no file of the project is that module.
func (s *Interp) importedModule(run *projectRun, from *projModule, dotted string, level int) *projModule {
	var bases []string
	if level > 0 {
		base := filepath.Dir(from.path)
		for range level - 1 {
			base = filepath.Dir(base)
		}
		bases = []string{base}
	} else {
		bases = []string{filepath.Dir(run.home.path), run.root, filepath.Join(run.root, "src")}
	}
	key := fmt.Sprintf("%s\x00%d\x00%s", from.path, level, dotted)
	if m, ok := run.found[key]; ok {
		return m
	}
	var m *projModule
	for _, base := range bases {
		if p := moduleFile(run.files, base, dotted); p != "" {
			m = run.load(p)
			break
		}
		if m = run.namespace(base, dotted); m != nil {
			break
		}
	}
	run.found[key] = m
	return m
}

// namespace returns the package directory base/dotted that has no __init__.py (a namespace
// package: its submodules are its members), or nil when there is none in the project.
func (run *projectRun) namespace(base, dotted string) *projModule {
	dir := filepath.Join(base, filepath.FromSlash(strings.ReplaceAll(dotted, ".", "/")))
	if info, err := run.files.Stat(dir); err != nil || !info.IsDir() || !within(run.root, dir) {
		return nil
	}
	path := filepath.Join(dir, "__init__.py") // absent: submodule() looks beside it
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if m, ok := run.byPath[path]; ok {
		return m
	}
	rel, err := filepath.Rel(run.root, dir)
	if err != nil {
		rel = dir
	}
	m := &projModule{path: path, rel: filepath.ToSlash(rel),
		parsedModule: &parsedModule{binds: map[string]importBind{}, assigns: map[string]ast.Expr{}}}
	run.byPath[path] = m
	return m
}

// load returns the project module at path ("" for none): read once per estimate, or nil when
// the path is outside the project.
func (run *projectRun) load(path string) *projModule {
	if path == "" {
		return nil
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if m, ok := run.byPath[path]; ok {
		return m
	}
	if !within(run.root, path) {
		run.byPath[path] = nil
		return nil
	}
	rel, err := filepath.Rel(run.root, path)
	if err != nil {
		rel = path
	}
	m := &projModule{path: path, rel: filepath.ToSlash(rel)}
	run.byPath[path] = m
	if run.read >= MaxProjectFiles {
		m.err = fmt.Sprintf("more than %d project modules in one estimate", MaxProjectFiles)
		return m
	}
	run.read++
	pm, err := readProjectFile(run.files, path, run.parsed)
	if err != nil {
		m.err = strings.TrimPrefix(strings.TrimPrefix(err.Error(), "open "+path+": "), "stat "+path+": ")
		return m
	}
	m.parsedModule = pm
	run.byFile[pm.file] = m
	for _, d := range pm.defs {
		if _, known := run.defs[d]; !known {
			run.defs[d] = m
		}
	}
	return m
}

// moduleConstant returns module m's constant name, or nil: the value of its module-level
// assignment when that is evaluated without calling anything (pureExpr: `N = 4096`,
// `DTYPE = np.float32`, `SHAPE = (N, 3)`), evaluated once per estimate in m. Running another
// module's whole body (as the analysed file's is run) would cost as much as estimating it.
func (s *Interp) moduleConstant(m *projModule, name string) value {
	if v, ok := m.values[name]; ok {
		return v
	}
	e := m.assigns[name]
	if e == nil || m.evaluating[name] || !pureExpr(e) {
		return nil
	}
	if m.evaluating == nil {
		m.evaluating, m.values = map[string]bool{}, map[string]value{}
	}
	m.evaluating[name] = true
	cfg := s.cfg
	cfg.File, cfg.Imports, cfg.Heap, cfg.Observe = m.file, m.imp, NoHeap{}, nil
	scratch := New(cfg)
	v := scratch.eval(e)
	delete(m.evaluating, name)
	switch v.(type) {
	case vInt, vFloat, vStr, vDType, vNone, vModule, vProject:
	case vTuple:
		if !isIntTuple(v) {
			v = nil
		}
	default:
		v = nil
	}
	m.values[name] = v
	return v
}

// importedConstant is a constant the analysed file imports from the project: listed among the
// symbols with the import's line, and replaced by the value Scale tries.
func (s *Interp) importedConstant(name string, v value, line int) value {
	if slices.Contains(s.cfg.Scaling, name) {
		if x, ok := s.cfg.Assume[name]; ok {
			s.decref(v)
			return formed(knownInt(x), name)
		}
	}
	switch c := v.(type) {
	case vInt:
		if c.known {
			s.addSymbol(Symbol{Name: name, Value: c.n, Source: SourceConstant, Line: line})
			return formed(c, name)
		}
	case vStr:
		s.addSymbol(Symbol{Name: name, Value: c.s, Source: SourceConstant, Line: line})
	case vDType:
		s.addSymbol(Symbol{Name: name, Value: c.dt.String(), Source: SourceConstant, Line: line, Expr: true})
	}
	return v
}

// funcValue is the function def, defined now (a def statement, a lambda), as a value: it reads
// the running function's frame, and it runs in the module whose code made it.
func (s *Interp) funcValue(def *ast.FunctionDef) vFunc {
	fn := vFunc{def: def, env: s.closureEnv()}
	if run := s.shared.project; run != nil {
		if m := s.curModule(run); m != run.home {
			fn.mod = m
		}
	}
	return fn
}

// enterModuleOfFunc is enterModuleOf for a function value: a nested function or lambda runs in
// the module that made it, also when another module calls it (a callback the analysed file
// passes to a project module's function, which calls it there).
func (s *Interp) enterModuleOfFunc(fn vFunc) func() {
	run := s.shared.project
	if run == nil {
		return func() {}
	}
	if fn.mod != nil {
		return s.enterModule(run, fn.mod)
	}
	if _, ok := run.defs[fn.def]; ok {
		return s.enterModuleOf(fn.def)
	}
	return s.enterModule(run, run.home) // made by the analysed file's code
}

// enterModuleOf makes the module def belongs to the one whose code runs, for the length of a
// call, and returns what restores the caller's. A function of the running module changes nothing.
func (s *Interp) enterModuleOf(def *ast.FunctionDef) func() {
	run := s.shared.project
	if run == nil {
		return func() {}
	}
	m, ok := run.defs[def]
	if !ok {
		return func() {}
	}
	return s.enterModule(run, m)
}

// enterModule makes m the module whose code runs, until the function it returns is called.
func (s *Interp) enterModule(run *projectRun, m *projModule) func() {
	cur := s.curModule(run)
	if m == cur || m.parsedModule == nil {
		return func() {}
	}
	saved := simContext{s.file, s.imp, s.fs, s.module, s.consts}
	savedState := s.proj
	home := s.homeModule(run)
	if cur == home && s.proj.home.file == nil {
		s.proj.home = saved
	}
	start, leaving := s.steps, cur == home
	if m == home {
		h := s.proj.home
		s.file, s.imp, s.fs, s.module, s.consts = h.file, h.imp, h.fs, h.module, h.consts
		s.proj.line = 0
	} else {
		if s.proj.line == 0 {
			s.proj.line = s.site()
		}
		if m.fs == nil {
			m.fs = &fileState{}
		}
		fr := s.proj.frames[m]
		if fr == nil {
			fr = &frame{vars: map[string]value{}, globals: map[string]bool{}}
			if s.proj.frames == nil {
				s.proj.frames = map[*projModule]*frame{}
			}
			s.proj.frames[m] = fr
		}
		// m's own functions and constants are found by projectName (member), not in consts.
		s.file, s.imp, s.fs, s.module, s.consts = m.file, m.imp, m.fs, fr, nil
	}
	s.proj.cur = m
	return func() {
		s.file, s.imp, s.fs, s.module, s.consts = saved.file, saved.imp, saved.fs, saved.module, saved.consts
		home, frames, steps := s.proj.home, s.proj.frames, s.proj.steps
		s.proj = savedState
		s.proj.home, s.proj.frames, s.proj.steps = home, frames, steps
		if leaving {
			s.proj.steps += s.steps - start
		}
	}
}

// homeModule returns the module of the simulation's own file.
func (s *Interp) homeModule(run *projectRun) *projModule {
	f := s.file
	if s.proj.cur != nil && s.proj.home.file != nil {
		f = s.proj.home.file
	}
	if m := run.byFile[f]; m != nil {
		return m
	}
	return run.home
}

// callNotFollowed lists a call the simulation does not run — recursive, or deeper than
// MaxCallDepth — as unknown: what it allocates is not counted.
func (s *Interp) callNotFollowed(def *ast.FunctionDef, recursive bool) {
	if s.exhausted {
		return // the budget's own entry says so
	}
	name := def.Name
	if q, ok := s.methodNames[def]; ok {
		name = q // Grid.__init__
	}
	reason := fmt.Sprintf("call of %s not followed: more than %d nested calls", name, MaxCallDepth)
	if s.depth < MaxCallDepth && !recursive {
		reason = fmt.Sprintf("call of %s not followed: the scope ran %d statements of other modules already", name, MaxProjectSteps)
	}
	if recursive {
		reason = fmt.Sprintf("recursive call of %s not followed", name)
	}
	s.addUnknown(nil, name+"(…)", reason, nil, "")
}

// MaxProjectSteps bounds the statements of other modules' code one scope runs: library code
// calling its own modules calls deep and often, and the estimate of one file stays the cost of
// about one file.
const MaxProjectSteps = 500

// projectBudgetSpent reports whether calling def would run another module's code past the
// scope's budget (MaxProjectSteps).
func (s *Interp) projectBudgetSpent(def *ast.FunctionDef) bool {
	run := s.shared.project
	if run == nil || s.proj.steps < MaxProjectSteps {
		return false
	}
	m, ok := run.defs[def]
	return ok && m != s.homeModule(run)
}

// projectClass is the class statement d of project module m as a value: its body run in m, once
// per run (Interp.classes); unknown while it is being made (a cycle of imports).
func (s *Interp) projectClass(m *projModule, d *ast.ClassDef) value {
	if k, ok := s.classes[d]; ok {
		if k == nil {
			return vUnknown{}
		}
		return vClass{k}
	}
	if s.classes == nil {
		s.classes = map[*ast.ClassDef]*pyClass{}
	}
	s.classes[d] = nil
	defer s.enterModule(s.shared.project, m)()
	v := s.makeClass(d)
	if k, ok := v.(vClass); ok {
		s.classes[d] = k.c
	} else if s.depth >= MaxCallDepth || s.exhausted {
		delete(s.classes, d) // not made here: it may be made where calls nest less deep
	}
	return v
}
