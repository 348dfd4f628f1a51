package arrays

import (
	"slices"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file gives the size an array has at the values its project's callers state: a size
// whose symbols are parameters of the function that makes the array, which every call of that
// function (or of its class) in the project binds to the same integer, directly or through the
// callers' own parameters (absint.ProjectCallers). A CuPy layer's (d_model, d_model) weights are
// 32 kB where the only program that builds the layer sets D_MODEL = 64.

// project is where the analysed file sits, for the search of its callers (Analyzer sets it):
// configDir (the directory of its configuration, "" when none) and path give the search's root
// (absint.CallerRoot), worked out only when a search is made.
type project struct {
	files     absint.Files
	configDir string
	path      string
}

// StatedElems returns the number of elements of a, made at n, at the integers the callers in
// the project state for the parameters its shape depends on, and where they are stated. ok is
// false when a symbol is no parameter of the function around n (or is rebound in it before n),
// or when some call states no integer for it, or the calls disagree.
func (info *Info) StatedElems(n ast.Node, a *Array) (elems int64, where string, ok bool) {
	if a == nil || a.Shape == nil || info.mod == nil {
		return 0, "", false
	}
	def := info.enclosingDef(n)
	if def == nil {
		return 0, "", false
	}
	var syms []string
	for _, d := range a.Shape {
		if d.Known || d.Sym == nil {
			continue
		}
		for _, s := range d.Sym.Symbols() {
			if !slices.Contains(syms, s) {
				syms = append(syms, s)
			}
		}
	}
	if len(syms) == 0 {
		return 0, "", false
	}
	pc := info.projectCallers()
	if pc == nil {
		return 0, "", false
	}
	env := map[string]int64{}
	var wheres []string
	for _, s := range syms {
		at, param := def, s
		if attr, ok := strings.CutPrefix(s, "self."); ok && !strings.Contains(attr, ".") {
			// an attribute the class's __init__ sets from one of its parameters, and nothing
			// else in the class sets
			if at, param, ok = info.initParam(def, attr); !ok {
				return 0, "", false
			}
		} else if !slices.ContainsFunc(imports.AllArgs(def.Args), func(p *ast.Arg) bool { return p.Arg == s }) || info.reboundAt(def, s, nil) > 0 {
			return 0, "", false
		}
		info.callersMu.Lock()
		st, ok := pc.Param(at, param)
		info.callersMu.Unlock()
		if !ok {
			return 0, "", false
		}
		env[s] = st.Value
		wheres = append(wheres, s+" = "+strconv.FormatInt(st.Value, 10)+": "+st.Where)
	}
	elems = 1
	for _, d := range a.Shape {
		v, ok := d.Expr().Eval(func(s string) (int64, bool) { x, ok := env[s]; return x, ok })
		if !ok || v < 0 || v > 0 && elems > (1<<62)/v {
			return 0, "", false
		}
		elems *= v
	}
	return elems, strings.Join(wheres, "; "), true
}

// projectCallers returns the search of the file's callers in its project, made on first use;
// nil when the analysis does not know where the file sits.
func (info *Info) projectCallers() *absint.ProjectCallers {
	info.callersOnce.Do(func() {
		if info.proj.path == "" || info.proj.path == "-" {
			return
		}
		root := absint.CallerRoot(info.proj.configDir, info.proj.path, importedRoots(info.file.Module)...)
		if root == "" {
			return
		}
		info.callers = absint.NewProjectCallers(info.proj.files, root, info.proj.path, info.file, info.imp, analyzer.TestCode)
	})
	return info.callers
}

// initParam finds, for a method def of a top-level class, the parameter of the class's
// __init__ that attribute attr holds: __init__ sets `self.attr = param` once, with param not
// rebound before, and no other statement of the class assigns self.attr.
func (info *Info) initParam(def *ast.FunctionDef, attr string) (*ast.FunctionDef, string, bool) {
	cls, ok := info.parent(def).(*ast.ClassDef)
	if !ok || info.parent(cls) != ast.Node(info.mod) {
		return nil, "", false
	}
	var init *ast.FunctionDef
	var param string
	sets := 0
	for _, st := range cls.Body {
		m, ok := st.(*ast.FunctionDef)
		if !ok {
			continue
		}
		if m.Name == "__init__" {
			init = m
		}
		for _, b := range ast.Flatten(m.Body, ast.NotScope) {
			for _, t := range assignTargets(b) {
				a, ok := t.(*ast.Attribute)
				if !ok || a.Attr != attr {
					continue
				}
				if self, ok := a.Value.(*ast.Name); !ok || self.ID != "self" {
					continue
				}
				sets++
				if asg, ok := b.(*ast.Assign); ok && m.Name == "__init__" && len(asg.Targets) == 1 {
					if n, ok := asg.Value.(*ast.Name); ok {
						param = n.ID
					}
				}
			}
		}
	}
	if init == nil || sets != 1 || param == "" ||
		!slices.ContainsFunc(imports.AllArgs(init.Args), func(p *ast.Arg) bool { return p.Arg == param }) ||
		info.reboundAt(init, param, nil) > 0 {
		return nil, "", false
	}
	return init, param, true
}

// assignTargets returns the targets a statement assigns, tuples and lists unpacked.
func assignTargets(st ast.Stmt) []ast.Expr {
	var out []ast.Expr
	var add func(ast.Expr)
	add = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.Tuple:
			for _, x := range e.Elts {
				add(x)
			}
		case *ast.List:
			for _, x := range e.Elts {
				add(x)
			}
		case *ast.Starred:
			add(e.Value)
		default:
			out = append(out, e)
		}
	}
	for _, t := range ast.StmtTargets(st) {
		add(t)
	}
	return out
}

// readsOnly says whether call only reads its positional argument i, a function of the file,
// without calling it (absint.ProjectCallers.ReadsOnly).
func (info *Info) readsOnly(call *ast.Call, i int) bool {
	pc := info.projectCallers()
	info.callersMu.Lock()
	defer info.callersMu.Unlock()
	return pc.ReadsOnly(call, i)
}

// StatedInt returns the integer every call in the project states for parameter p of def — a
// top-level function of the file, or the __init__ of a top-level class — directly or through
// the callers' own parameters (absint.ProjectCallers.Param), and where it is stated. ok is false
// when some call states no integer for it, or the calls disagree.
func (info *Info) StatedInt(def *ast.FunctionDef, p string) (v int64, where string, ok bool) {
	if info == nil || def == nil {
		return 0, "", false
	}
	pc := info.projectCallers()
	if pc == nil {
		return 0, "", false
	}
	info.callersMu.Lock()
	st, ok := pc.Param(def, p)
	info.callersMu.Unlock()
	return st.Value, st.Where, ok
}

// importedRoots returns the first names of a module's absolute imports (`from misc import
// utils`: misc), where the search for its callers looks for the directory its scripts run from.
func importedRoots(mod *ast.Module) []string {
	var out []string
	add := func(dotted string) {
		first, _, _ := strings.Cut(dotted, ".")
		if first != "" && !slices.Contains(out, first) {
			out = append(out, first)
		}
	}
	for _, st := range ast.Flatten(mod.Body, func(ast.Stmt) bool { return true }) {
		switch s := st.(type) {
		case *ast.Import:
			for _, a := range s.Names {
				add(a.Name)
			}
		case *ast.ImportFrom:
			if s.Level == 0 {
				add(s.Module)
			}
		}
	}
	return out
}
