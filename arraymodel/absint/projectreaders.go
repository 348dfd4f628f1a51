package absint

import (
	"slices"

	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file tells whether a function handed to another one is only read there, never called: a
// benchmark harness's get_benchmark_info(run_kmeans) reads the function's name and signature
// (hasattr, getattr, inspect.signature, an f-string). Such a use is no call the search cannot
// see, so the function's other calls still state its parameters. The callee must be a function
// of the project (this file's or an imported module's) whose code shows every use of the
// parameter: an attribute read, an introspecting builtin or inspect function, formatting, or
// handing it on to another such function (maxReaderDepth deep). Anything else may call it.

// maxReaderDepth bounds how many functions a handed-on parameter is followed through.
const maxReaderDepth = 4

// introspecting are the builtins that read a callable without calling it.
var introspecting = map[string]bool{"hasattr": true, "getattr": true, "isinstance": true, "callable": true,
	"id": true, "repr": true, "str": true, "type": true, "vars": true, "dir": true, "print": true, "format": true,
	"hash": true}

// ReadsOnly reports whether call, a call in the analysed file, only reads its positional
// argument i (a function of the file) and never calls it.
func (pc *ProjectCallers) ReadsOnly(call *ast.Call, i int) bool {
	if pc == nil || pc.home == nil {
		return false
	}
	if r, ok := pc.home.pm.imp.Resolve(call.Func); ok && jaxtrace.CallsFunction(r.Qual) {
		return false // known to call it: no need to read the library's definition
	}
	m, def, ok := pc.calleeDef(pc.home, call.Func)
	if !ok {
		return false
	}
	pos := ast.PositionalArgs(def.Args)
	if i >= len(pos) {
		return false
	}
	return pc.readsParam(m, def, pos[i].Arg, 0)
}

// calleeDef resolves a callee expression of module m to a top-level function of the project: a
// name the module defines or imports, or an attribute of a project module it imports.
func (pc *ProjectCallers) calleeDef(m *callerModule, f ast.Expr) (*callerModule, *ast.FunctionDef, bool) {
	switch f := f.(type) {
	case *ast.Name:
		return pc.memberDef(m, f.ID, 0)
	case *ast.Attribute:
		if b, ok := m.pm.binds[ExprText(f.Value)]; ok {
			if target := pc.moduleAt(m, joinDotted(b.module, b.name), b.level); target != nil {
				return pc.memberDef(target, f.Attr, 0)
			}
		}
	}
	return nil, nil, false
}

// memberDef returns the top-level function name of module m, following imports (a package's
// __init__.py that re-exports it from a submodule) a few modules deep.
func (pc *ProjectCallers) memberDef(m *callerModule, name string, hops int) (*callerModule, *ast.FunctionDef, bool) {
	if tm, d, ok := m.topDef(name); ok {
		return tm, d, true
	}
	b, ok := m.pm.binds[name]
	if !ok || b.name == "" || hops >= maxReaderDepth {
		return nil, nil, false
	}
	if target := pc.moduleAt(m, b.module, b.level); target != nil {
		return pc.memberDef(target, b.name, hops+1)
	}
	return nil, nil, false
}

// moduleAt reads the project module dotted (relative by level) that module m imports, or nil.
func (pc *ProjectCallers) moduleAt(m *callerModule, dotted string, level int) *callerModule {
	path := pc.resolve(m, dotted, level)
	if path == "" {
		return nil
	}
	return pc.readModule(path)
}

// topDef returns the module's top-level function name (the last definition).
func (m *callerModule) topDef(name string) (*callerModule, *ast.FunctionDef, bool) {
	var out *ast.FunctionDef
	for _, d := range m.pm.defs {
		if d.Name == name && slices.Contains(m.file.Module.Body, ast.Stmt(d)) {
			out = d
		}
	}
	return m, out, out != nil
}

// readsParam reports whether every use of parameter p in def's body reads it without calling it.
func (pc *ProjectCallers) readsParam(m *callerModule, def *ast.FunctionDef, p string, depth int) bool {
	if depth > maxReaderDepth || assignedIn(def.Body, p) {
		return false
	}
	uses := map[*ast.Name]bool{} // the uses of p this walk has accounted for
	ok := true
	ast.Inspect(def, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda:
			if n != ast.Node(def) {
				// a closure may call it later
				ast.Inspect(n, func(x ast.Node) bool {
					if name, isName := x.(*ast.Name); isName && name.ID == p {
						ok = false
					}
					return ok
				})
				return false
			}
		case *ast.Attribute:
			if name, isName := n.Value.(*ast.Name); isName && name.ID == p {
				uses[name] = n.Attr != "__call__"
				ok = ok && uses[name]
			}
		case *ast.FormattedValue:
			if name, isName := n.Value.(*ast.Name); isName && name.ID == p {
				uses[name] = true
			}
		case *ast.Call:
			for j, a := range n.Args {
				name, isName := a.(*ast.Name)
				if !isName || name.ID != p {
					continue
				}
				uses[name] = pc.argRead(m, n, j, depth)
				ok = ok && uses[name]
			}
			for _, k := range n.Keywords {
				if name, isName := k.Value.(*ast.Name); isName && name.ID == p {
					uses[name] = false
					ok = false
				}
			}
		case *ast.Name:
			if n.ID == p {
				if _, seen := uses[n]; !seen {
					ok = false // called, stored, returned, compared: not shown to be only read
				}
			}
		}
		return ok
	})
	return ok
}

// argRead reports whether call, in module m, only reads its positional argument j.
func (pc *ProjectCallers) argRead(m *callerModule, call *ast.Call, j, depth int) bool {
	switch f := call.Func.(type) {
	case *ast.Name:
		if introspecting[f.ID] {
			if _, bound := m.pm.binds[f.ID]; !bound && m.topDefOK(f.ID) {
				return true
			}
		}
	case *ast.Attribute:
		if b, ok := m.pm.binds[ExprText(f.Value)]; ok && b.name == "" && b.module == "inspect" {
			return true // inspect.signature, inspect.getmembers, …
		}
	}
	tm, def, ok := pc.calleeDef(m, call.Func)
	if !ok {
		return false
	}
	pos := ast.PositionalArgs(def.Args)
	if j >= len(pos) {
		return false
	}
	return pc.readsParam(tm, def, pos[j].Arg, depth+1)
}

// topDefOK reports whether the module does not define name itself (a builtin's name is the
// builtin's).
func (m *callerModule) topDefOK(name string) bool {
	_, _, defined := m.topDef(name)
	return !defined
}
