package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// selfMethods returns how the run of scope p reads the methods of its own class
// (absint.Config.SelfMethod), or nil when p is not a method taking self: the def of a name the
// class body binds exactly once, by an undecorated def.
func (info *Info) selfMethods(p pendingScope) func(string) (*ast.FunctionDef, bool) {
	def, ok := p.node.(*ast.FunctionDef)
	cls := p.scope.Parent
	if !ok || cls == nil || cls.Kind != imports.ClassScope {
		return nil
	}
	for _, d := range def.DecoratorList {
		if n := ast.TailName(d); n == "staticmethod" || n == "classmethod" {
			return nil // its first parameter is not an instance
		}
	}
	return func(name string) (*ast.FunctionDef, bool) {
		binds := cls.Bindings[name]
		if len(binds) != 1 {
			return nil, false
		}
		m, ok := binds[0].Node.(*ast.FunctionDef)
		return m, ok && len(m.DecoratorList) == 0
	}
}

// returnsNoData reports whether every value def returns, as the run of its own scope saw it, is
// of no input's size (absint.Config.ReturnsNoData). The function's scope runs now if it has not:
// unless a call of it is the only one in the file (its run waits for that caller's,
// runCallerFirst) or a scope around it has not run yet.
func (info *Info) returnsNoData(def *ast.FunctionDef) bool {
	sc, ok := info.imp.Scopes[def]
	if !ok || info.running[sc] {
		return false
	}
	if _, done := info.walked[sc]; !done {
		if _, _, only := info.shared.Calls(info.mod).Only(info.mod, def); only {
			return false
		}
		for s := sc.Parent; s != nil; s = s.Parent {
			if _, done := info.walked[s]; !done {
				return false
			}
		}
		q, ok := info.pendingFor(sc)
		if !ok {
			return false
		}
		info.walkScope(q)
	}
	returns := 0
	noData := true
	ast.Inspect(def, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef:
			return n == ast.Node(def) // the returns of nested scopes are theirs
		case *ast.Yield, *ast.YieldFrom:
			noData = false // a generator: what it yields is not looked at
		case *ast.Return:
			returns++
			if n.Value == nil {
				return false
			}
			v, seen := info.collect.seen[n.Value]
			if c, ok := n.Value.(*ast.Constant); ok {
				v, seen = absint.Constant(c.Value), true
			}
			if !seen || absint.MayHoldData(v) {
				noData = false
			}
			return false
		}
		return noData
	})
	return noData && returns > 0
}
