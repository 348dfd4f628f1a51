package arrays

import "github.com/arraylint/arraylint/pyparse/ast"

// This file defines how comprehensions and generator expressions are evaluated.

// comprehension evaluates a list, set or dict comprehension or a generator expression in its
// own scope, as Python runs it: each generator's iterable, its target bound to one element (an
// int of a range(), a row of an array), its conditions, then the element expressions — so the
// facts, and the rules' findings, reach calls made inside it. The comprehension's value is
// unknown (a container of unknown length). Its targets do not leak into the enclosing scope; an
// assignment expression (`:=`) in it binds in the enclosing scope, as in Python.
func (w *walker) comprehension(gens []*ast.Comprehension, elts ...ast.Expr) value {
	outer := w.env
	w.env = outer.clone()
	for _, g := range gens {
		if g == nil {
			continue
		}
		itv := w.eval(g.Iter)
		if g.Target != nil {
			w.assign(g.Target, w.iterValue(g.Iter, itv))
		}
		for _, c := range g.Ifs {
			w.eval(c)
		}
	}
	for _, e := range elts {
		w.eval(e)
	}
	inner := w.env
	w.env = outer
	for _, name := range walrusTargets(gens, elts) {
		w.env[name] = inner[name]
	}
	return unknown
}

// walrusTargets returns the names that assignment expressions in a comprehension bind (in the
// enclosing scope), not looking into nested lambdas, whose own scope they bind in.
func walrusTargets(gens []*ast.Comprehension, elts []ast.Expr) []string {
	var out []string
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Lambda:
			return false
		case *ast.NamedExpr:
			if t, ok := n.Target.(*ast.Name); ok {
				out = append(out, t.ID)
			}
		}
		return true
	}
	for _, g := range gens {
		if g == nil {
			continue
		}
		for _, c := range g.Ifs {
			ast.Inspect(c, visit)
		}
	}
	for _, e := range elts {
		ast.Inspect(e, visit)
	}
	return out
}
