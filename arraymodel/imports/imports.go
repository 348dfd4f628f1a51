// Package imports finds which Python names refer to array libraries (NumPy, CuPy, cuPyNumeric,
// JAX) and resolves expressions such as `np.random.random` or `npr.random` to a canonical
// qualified name plus the backend the import implies.
//
// Resolution follows Python scoping (module, function, lambda, class, comprehension; global and
// nonlocal) and respects shadowing: a parameter or assignment named `np` hides the import. Within
// one scope a name bound only by imports resolves flow-insensitively (a conditional import of cupy
// or numpy gives both backends); a name that is also bound by something else (`np = None`)
// resolves to the latest binding before the use in that scope, and not at all from nested scopes.
// An import of a module that is not an array library, in a try that catches ImportError, is
// taken to fail (optional.go): the fallback's binding is the name's.
//
// Build works on a bare syntax tree (for the memory estimator); Analyzer shares one Info per
// file among the rules.
package imports

import (
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// Ref is what a resolved expression refers to.
type Ref struct {
	// Qual is the dotted path as imported, e.g. "cupy.random.random" or "numpy".
	Qual string
	// API is the backend-neutral name used by the npapi table: "random.random", "" for a root
	// module, and "jax.random.normal" for jax outside jax.numpy.
	API string
	// Backend is every library the expression may refer to.
	Backend Backend
	// Site is the import statement that bound the first name of the expression (nil for a
	// Convention parameter).
	Site ast.Stmt
	// Convention is set when the first name is a parameter named like an array module (`np`,
	// `xp`, `cp`, `jnp`), taken as that library because nothing else says which.
	Convention bool
}

// Info is the scope tree of one module with its array-library imports.
type Info struct {
	Root *Scope
	// Scopes maps each scope-opening node (module, def, lambda, class, comprehension) to its scope.
	Scopes map[ast.Node]*Scope
	// names holds the scope (in scopes) each Name node occurs in, sorted by the Name's start
	// (ScopeOf); scopes are the scopes in the order Build opened them.
	names  []nameAt
	scopes []*Scope
	// refNames holds every name some scope binds to an array-library import: no other Name
	// can resolve (nil when there is none, as in most modules).
	refNames map[string]bool
	// pathNames holds every name some scope binds to an absolute import (of any module, with
	// its Binding.Module): no other Name has an ImportPath (nil when there is none).
	pathNames map[string]bool
	// moduleRefs holds the resolution of each name that only the module scope binds, and
	// only by imports of one API name: every read of it in the module resolves the same way.
	moduleRefs map[string]Ref
	// modules are the dotted paths the module's imports bind (setModule).
	modules map[string]bool
	// moduleValues are, per scope, the names bound there that hold an array module handed to the
	// code as a value (modulevalue.go).
	moduleValues map[*Scope]map[string]Ref
	// X64 is set when the module imports JAX and turns on its 64-bit mode (EnablesX64).
	X64 bool
	// backends is Backends' answer.
	backends Backend
	// optional holds the import statements taken to fail (optional.go); nil when none.
	optional map[ast.Stmt]bool
}

// Optional reports whether the import statement st is taken to fail: in the body of a try that
// catches ImportError, of a module that is not an array library (optional.go).
func (info *Info) Optional(st ast.Stmt) bool { return info != nil && info.optional[st] }

// ResolveModuleName returns what name refers to when read at module level after all imports: an
// expression parsed apart from the module (an `--assume` value such as np.empty(524288)) reads
// the module's imports so. It only reads the Info (analyzers may share it).
func (info *Info) ResolveModuleName(name string) (Ref, bool) {
	if info == nil || info.Root == nil || !info.refNames[name] {
		return Ref{}, false
	}
	if r, ok := info.moduleRefs[name]; ok {
		return r, true
	}
	return allImports(withoutOptional(info.Root.Bindings[name]))
}

// nameAt is a Name node, where it starts, and the scope it occurs in (Scope.index).
type nameAt struct {
	start ast.Offset
	scope int32
	n     *ast.Name
}

// ScopeOf returns the scope a Name occurs in, or nil for a Name not in the module.
func (info *Info) ScopeOf(n *ast.Name) *Scope {
	if n == nil {
		return nil
	}
	// A binary search by start, then the Names starting there (one, but for what error
	// recovery makes); of the same Name recorded twice, the later one, as a map would keep.
	names := info.names
	lo, hi := 0, len(names)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if names[m].start < n.Start {
			lo = m + 1
		} else {
			hi = m
		}
	}
	var s *Scope
	for i := lo; i < len(names) && names[i].start == n.Start; i++ {
		if names[i].n == n {
			s = info.scopes[names[i].scope]
		}
	}
	return s
}

// Resolve returns what e (a Name or a chain of Attributes on a Name) refers to, if it is an array
// library or a member of one.
func (info *Info) Resolve(e ast.Expr) (Ref, bool) {
	switch e := e.(type) {
	case *ast.Name:
		return info.resolveName(e)
	case *ast.Attribute:
		base, ok := info.Resolve(e.Value)
		if !ok {
			return Ref{}, false
		}
		return base.Member(e.Attr), true
	}
	return Ref{}, false
}

// Member returns what attribute attr of r refers to: `np.random` of numpy, `np.random.rand` of
// that. The backend stays r's: `xp.zeros` with xp = cupy|numpy stays cupy|numpy.
func (r Ref) Member(attr string) Ref {
	qual := r.Qual + "." + attr
	return Ref{Qual: qual, API: memberAPI(r, attr, qual), Backend: r.Backend, Site: r.Site, Convention: r.Convention}
}

// memberAPI is the API name of member attr of base (qual is base.Qual.attr): what Classify
// gives for qual, without scanning the roots again. Only jax has a root nested under it
// (jax.numpy), so only a member of jax can land in another root; a member of numpy.core is
// renamed to its public name.
func memberAPI(base Ref, attr, qual string) string {
	if base.Qual == "jax" || strings.HasPrefix(base.Qual, "jax.") || strings.HasPrefix(base.API, "core") ||
		strings.HasPrefix(base.API, "_core") {
		_, api, _ := Classify(qual)
		return api
	}
	if base.API == "" {
		return attr
	}
	// base.Qual ends with base.API, so qual ends with base.API.attr: no new string.
	return qual[len(base.Qual)-len(base.API):]
}

// resolveName applies the scoping rules described in the package comment.
func (info *Info) resolveName(n *ast.Name) (Ref, bool) {
	if !info.refNames[n.ID] {
		return Ref{}, false
	}
	s := info.ScopeOf(n)
	if s == nil {
		return Ref{}, false
	}
	if r, ok := info.moduleRefs[n.ID]; ok {
		return r, true
	}
	b := s.Lookup(n.ID)
	if b == nil {
		return Ref{}, false
	}
	binds := withoutOptional(b.Bindings[n.ID])
	if r, ok := allImports(binds); ok {
		return r, true
	}
	if b != s {
		return Ref{}, false // mixed bindings of a free variable: flow-insensitively unknown
	}
	var last *Binding
	for i := range binds {
		if binds[i].Pos <= n.Start {
			last = &binds[i]
		}
	}
	if last == nil || last.Ref == nil {
		return Ref{}, false
	}
	return *last.Ref, true
}

// ImportPath returns the dotted path of the module or module member n refers to when every
// binding of n in the scope it resolves to is an absolute import of that one path (`import
// math`, `from math import ceil`), of any module, array library or not.
func (info *Info) ImportPath(n *ast.Name) (string, bool) {
	if n == nil || !info.pathNames[n.ID] {
		return "", false // (most calls: a name no import binds)
	}
	s := info.ScopeOf(n)
	if s == nil {
		return "", false
	}
	b := s.Lookup(n.ID)
	if b == nil {
		return "", false
	}
	path := ""
	for _, x := range withoutOptional(b.Bindings[n.ID]) {
		if x.Kind != BindImport || x.Module == "" || path != "" && x.Module != path {
			return "", false
		}
		path = x.Module
	}
	return path, path != ""
}

// indexModuleRefs fills moduleRefs (after Build has bound every name); boundBelow reports
// whether a scope other than the module binds a name.
func (info *Info) indexModuleRefs(boundBelow func(name string) bool) {
	for name := range info.refNames {
		// (A module-level `nonlocal` of the name makes Lookup fail there: leave it to Lookup.)
		if info.Root == nil || len(info.Root.Bindings[name]) == 0 || info.Root.Nonlocals[name] ||
			boundBelow(name) {
			continue
		}
		if r, ok := allImports(withoutOptional(info.Root.Bindings[name])); ok {
			if info.moduleRefs == nil {
				info.moduleRefs = map[string]Ref{}
			}
			info.moduleRefs[name] = r
		}
	}
}

// allImports merges the bindings of one name when every one is an array-library import of the
// same API name (`import cupy as xp` / `import numpy as xp`).
func allImports(binds []Binding) (Ref, bool) {
	var out Ref
	for i, bd := range binds {
		if bd.Ref == nil {
			return Ref{}, false
		}
		if i == 0 {
			out = *bd.Ref
			continue
		}
		if bd.Ref.API != out.API {
			return Ref{}, false
		}
		out.Backend |= bd.Ref.Backend
	}
	return out, len(binds) > 0
}

// Backends returns the union of the backends of every array-library import in the module, in
// any scope (Unknown when there is none).
func (info *Info) Backends() Backend { return info.backends }

// ImportsUnder reports whether an import of the module binds a name to the module path root or
// to something under it (`import dask.array as da`, `from dask.array import zeros` for
// "dask.array").
func (info *Info) ImportsUnder(root string) bool {
	if info == nil {
		return false
	}
	for m := range info.modules {
		if m == root || strings.HasPrefix(m, root+".") {
			return true
		}
	}
	return false
}
