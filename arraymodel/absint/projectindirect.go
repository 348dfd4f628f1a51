package absint

import (
	"slices"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the calls the callers' search (ProjectCallers) follows indirectly. A lambda
// reads the parameters of the def it is written in as they were passed (a closure over a name
// the def never rebinds), and a lambda parameter with a default (`lambda u, n=m: step(u, n)`)
// holds that default when the function the lambda is handed to calls it without one. A name
// bound to the function (`solve = lib.make`, maybe to others in other branches) calls it where
// a call's arguments fit its parameters.

// onlyLambdas reports whether every scope of scopes is a lambda: a def's parameter read there
// is the value the def was called with.
func onlyLambdas(scopes []ast.Node) bool {
	for _, sc := range scopes {
		if _, ok := sc.(*ast.Lambda); !ok {
			return false
		}
	}
	return true
}

// lambdaDefault evaluates parameter name of lam, a lambda inside scopes of module m, when
// every call of the lambda leaves it at its default: the lambda is bound once to a name of the
// def around it, and that name is only handed to project functions whose every call of the
// receiving parameter passes fewer positional arguments and no keyword of that name.
func (pc *ProjectCallers) lambdaDefault(m *callerModule, scopes []ast.Node, lam *ast.Lambda, name string, hops int) (int64, string, bool) {
	if len(scopes) == 0 || hops > maxCallerHops {
		return 0, "", false
	}
	pos := slices.IndexFunc(lam.Args.Args, func(a *ast.Arg) bool { return a.Arg == name })
	def := defaultExpr(lam.Args, name)
	if def == nil || len(lam.Args.Posonlyargs) > 0 || lam.Args.Vararg != nil {
		return 0, "", false
	}
	if pos < 0 {
		pos = len(lam.Args.Args) // keyword-only: no positional argument reaches it
	}
	outer, ok := scopes[len(scopes)-1].(*ast.FunctionDef)
	if !ok {
		return 0, "", false
	}
	bound := lambdaName(outer, lam)
	if bound == "" || assignedTwice(outer.Body, bound) {
		return 0, "", false
	}
	handed := false
	for _, n := range namesIn(outer.Body) {
		if n.ID != bound || n.Ctx != ast.Load {
			continue
		}
		call, i, ok := argumentOf(outer, n)
		if !ok {
			return 0, "", false // called here, or kept, or returned: callers unknown
		}
		_, rdef, found := pc.calleeDef(m, call.Func)
		if !found {
			return 0, "", false
		}
		param, ok := positionalParam(rdef, call, i)
		if !ok || !leftAtDefault(rdef, param, pos, name) {
			return 0, "", false
		}
		handed = true
	}
	if !handed {
		return 0, "", false
	}
	return pc.intOf(m, scopes, def, hops+1)
}

// lambdaName returns the name a one-target assignment in def's own statements binds lam to.
func lambdaName(def *ast.FunctionDef, lam *ast.Lambda) string {
	for _, st := range ast.Flatten(def.Body, ast.NotScope) {
		a, ok := st.(*ast.Assign)
		if !ok || len(a.Targets) != 1 || a.Value != ast.Expr(lam) {
			continue
		}
		if n, ok := a.Targets[0].(*ast.Name); ok {
			return n.ID
		}
	}
	return ""
}

// assignedTwice reports whether body binds name more than once.
func assignedTwice(body []ast.Stmt, name string) bool {
	n := 0
	for _, st := range ast.Flatten(body, ast.NotScope) {
		for _, t := range ast.StmtTargets(st) {
			if slices.Contains(ast.TargetNames(t), name) {
				n++
			}
		}
	}
	return n > 1
}

// namesIn returns the Name nodes of body, nested scopes included.
func namesIn(body []ast.Stmt) []*ast.Name {
	var out []*ast.Name
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			if x, ok := n.(*ast.Name); ok {
				out = append(out, x)
			}
			return true
		})
	}
	return out
}

// argumentOf finds the call of def's body that n is a positional argument of, and its index.
func argumentOf(def *ast.FunctionDef, n *ast.Name) (*ast.Call, int, bool) {
	var call *ast.Call
	idx := -1
	for _, st := range def.Body {
		ast.Inspect(st, func(x ast.Node) bool {
			c, ok := x.(*ast.Call)
			if !ok || call != nil {
				return call == nil
			}
			for i, a := range c.Args {
				if a == ast.Expr(n) {
					call, idx = c, i
				}
			}
			return call == nil
		})
	}
	return call, idx, call != nil
}

// positionalParam returns the parameter of def that positional argument i of call binds (none
// at or after an unpacked argument).
func positionalParam(def *ast.FunctionDef, call *ast.Call, i int) (string, bool) {
	for _, a := range call.Args[:i+1] {
		if _, star := a.(*ast.Starred); star {
			return "", false
		}
	}
	p := paramAt(def, i, "")
	return p, p != ""
}

// leftAtDefault reports whether def only calls its parameter param, every call with fewer than
// pos+1 positional arguments, no unpacking and no keyword kw: the lambda it receives keeps its
// default for kw.
func leftAtDefault(def *ast.FunctionDef, param string, pos int, kw string) bool {
	if assignedIn(def.Body, param) {
		return false
	}
	ok := true
	for _, st := range def.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch x := n.(type) {
			case *ast.Call:
				if f, isName := x.Func.(*ast.Name); isName && f.ID == param {
					if len(x.Args) > pos || slices.ContainsFunc(x.Args, isStarred) ||
						slices.ContainsFunc(x.Keywords, func(k *ast.Keyword) bool { return k.Arg == "" || k.Arg == kw }) {
						ok = false
					}
					for _, a := range x.Args {
						ast.Inspect(a, func(m ast.Node) bool { return checkNotRead(m, param, &ok) })
					}
					for _, k := range x.Keywords {
						ast.Inspect(k.Value, func(m ast.Node) bool { return checkNotRead(m, param, &ok) })
					}
					return false
				}
			case *ast.Name:
				if x.ID == param {
					ok = false // read other than as a callee: passed on, kept
				}
			case *ast.FunctionDef:
				return !imports.HasArg(x.Args, param) // a nested def's own parameter of that name
			case *ast.Lambda:
				return !imports.HasArg(x.Args, param)
			}
			return true
		})
	}
	return ok
}

func isStarred(e ast.Expr) bool { _, ok := e.(*ast.Starred); return ok }

// checkNotRead clears ok when n reads param.
func checkNotRead(n ast.Node, param string, ok *bool) bool {
	if x, isName := n.(*ast.Name); isName && x.ID == param {
		*ok = false
	}
	return *ok
}

// aliasesOf returns the names module m binds by a one-target assignment to the home module's
// name name (`solve = lib.make`, `solve = make`), and the assigned expressions. members and
// modules are m's bindings of the home module's members and of the home module itself.
func (m *callerModule) aliasesOf(name string, members, modules map[string]bool) (map[string]bool, map[ast.Node]bool) {
	aliases, values := map[string]bool{}, map[ast.Node]bool{}
	ast.Inspect(m.file.Module, func(n ast.Node) bool {
		a, ok := n.(*ast.Assign)
		if !ok || len(a.Targets) != 1 {
			return true
		}
		t, ok := a.Targets[0].(*ast.Name)
		if !ok {
			return true
		}
		refers := false
		switch v := a.Value.(type) {
		case *ast.Attribute:
			refers = v.Attr == name && modules[ExprText(v.Value)]
		case *ast.Name:
			if b, ok := m.pm.binds[v.ID]; ok && members[v.ID] {
				refers = b.name == name
			}
		}
		if refers && t.ID != name {
			aliases[t.ID], values[a.Value] = true, true
		}
		return true
	})
	return aliases, values
}

// canBind reports whether call could be a call of def (its __init__ when method): its
// arguments fit def's parameters, and every parameter without a default is given. Unpacked
// arguments fit anything.
func canBind(def *ast.FunctionDef, call *ast.Call, method bool) bool {
	pos := ast.PositionalArgs(def.Args)
	if method && len(pos) > 0 {
		pos = pos[1:]
	}
	for _, a := range call.Args {
		if _, star := a.(*ast.Starred); star {
			return true
		}
	}
	given := map[string]bool{}
	for _, k := range call.Keywords {
		if k.Arg == "" {
			return true
		}
		given[k.Arg] = true
		known := slices.ContainsFunc(pos, func(a *ast.Arg) bool { return a.Arg == k.Arg }) ||
			slices.ContainsFunc(def.Args.Kwonlyargs, func(a *ast.Arg) bool { return a.Arg == k.Arg })
		if !known && def.Args.Kwarg == nil {
			return false
		}
	}
	if len(call.Args) > len(pos) && def.Args.Vararg == nil {
		return false
	}
	for i, a := range pos {
		if i >= len(call.Args) && !given[a.Arg] && defaultExpr(def.Args, a.Arg) == nil {
			return false
		}
	}
	for i, a := range def.Args.Kwonlyargs {
		if !given[a.Arg] && (i >= len(def.Args.KwDefaults) || def.Args.KwDefaults[i] == nil) {
			return false
		}
	}
	return true
}
