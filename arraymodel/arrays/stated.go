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

// project is where the analysed file sits, for the search of its callers (Analyzer sets it).
type project struct {
	files absint.Files
	root  string
	path  string
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
		if !slices.ContainsFunc(imports.AllArgs(def.Args), func(p *ast.Arg) bool { return p.Arg == s }) || info.reboundAt(def, s, nil) > 0 {
			return 0, "", false
		}
		info.callersMu.Lock()
		st, ok := pc.Param(def, s)
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
		if info.proj.root == "" {
			return
		}
		info.callers = absint.NewProjectCallers(info.proj.files, info.proj.root, info.proj.path, info.file, info.imp, analyzer.TestCode)
	})
	return info.callers
}
