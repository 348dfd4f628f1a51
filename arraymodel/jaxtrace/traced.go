package jaxtrace

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines which values of a traced function are traced, its Python loops, and the
// jitted callable a call site runs.

// staticAttrs are the attributes of a traced array that JAX knows at trace time.
var staticAttrs = map[string]bool{"shape": true, "ndim": true, "dtype": true, "size": true, "sharding": true}

// staticCalls are the calls whose result is known at trace time whatever their argument.
var staticCalls = map[string]bool{
	"len": true, "isinstance": true, "type": true, "id": true, "callable": true, "hasattr": true,
	"jax.numpy.shape": true, "jax.numpy.ndim": true, "jax.numpy.size": true,
	"jax.numpy.result_type": true, "jax.numpy.issubdtype": true,
}

// TracedParam reports whether parameter i (name) of f holds a traced value: f's transformation
// does not make it static, and it is not the `self` of a method. It is false when the static
// arguments are unknown and for the parameters of a helper nested in a traced function (their
// values come from its caller). It is false too for a parameter of a jitted function that has a
// default no call of the module passes: jit traces the arguments a call passes, and a parameter
// left at its default keeps its Python value (`def f(x, appended=True)` called `f(x)`).
func (f *Func) TracedParam(i int, name string) bool {
	if f.Method && i == 0 {
		return false
	}
	if len(f.Transforms) == 0 {
		return false
	}
	if f.defaulted[name] && !f.passed[name] && !f.passedAll && f.Jit() != nil {
		return false
	}
	for _, t := range f.Transforms {
		if i < t.Shift {
			return false
		}
		if st, unknown := t.Static(f, i, name); st || unknown {
			return false
		}
	}
	return true
}

// tracedNames works out f.traced: its traced parameters, the traced names of the function it is
// nested in (closures), and every name assigned an expression that reads a traced name, to a
// fixed point.
func (info *Info) tracedNames(f *Func) {
	f.traced = map[string]bool{}
	for i, p := range f.Params {
		if f.TracedParam(i, p) {
			f.traced[p] = true
		}
	}
	if parent := info.Enclosing(f.Node); parent != nil {
		for n := range parent.traced {
			if !f.binds(n) {
				f.traced[n] = true
			}
		}
	}
	stmts := ownStmts(f.Node)
	for range 8 { // a chain of assignments converges within its length; 8 rounds bound the cost
		changed := false
		mark := func(target ast.Expr) {
			for _, n := range ast.TargetNames(target) {
				if !f.traced[n] {
					f.traced[n], changed = true, true
				}
			}
		}
		for _, st := range stmts {
			switch s := st.(type) {
			case *ast.Assign:
				if info.Traced(f, s.Value) {
					for _, t := range s.Targets {
						mark(t)
					}
				}
			case *ast.AugAssign:
				if info.Traced(f, s.Value) {
					mark(s.Target)
				}
			case *ast.AnnAssign:
				if s.Value != nil && info.Traced(f, s.Value) {
					mark(s.Target)
				}
			case *ast.For:
				if info.Traced(f, s.Iter) {
					mark(info.iterated(s))
				}
			}
		}
		if !changed {
			break
		}
	}
}

// iterated returns the part of a for loop's target that a traced iterable binds to traced
// values: all of it, but for `enumerate(…)` only what follows the counter, which is a Python
// int whatever the items are (`for k, row in enumerate(rows)`).
func (info *Info) iterated(s *ast.For) ast.Expr {
	call, ok := s.Iter.(*ast.Call)
	if !ok || info.callName(call.Func) != "enumerate" {
		return s.Target
	}
	switch t := s.Target.(type) {
	case *ast.Tuple:
		if len(t.Elts) == 2 {
			return t.Elts[1]
		}
	case *ast.List:
		if len(t.Elts) == 2 {
			return t.Elts[1]
		}
	}
	return s.Target
}

// binds reports whether f has a parameter named n.
func (f *Func) binds(n string) bool {
	for _, p := range f.Params {
		if p == n {
			return true
		}
	}
	return false
}

// Traced reports whether e, evaluated in the body of f, reads a traced value: a traced parameter,
// a closure over one, or a local assigned from one. Shapes, dtypes and lengths of traced arrays
// are known at trace time and do not count.
func (info *Info) Traced(f *Func, e ast.Expr) bool {
	if f == nil || e == nil {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.Attribute:
			return !staticAttrs[x.Attr]
		case *ast.Call:
			return !staticCalls[info.callName(x.Func)]
		case *ast.Lambda:
			return false
		case *ast.Name:
			if x.Ctx == ast.Load && f.traced[x.ID] {
				found = true
			}
		}
		return true
	})
	return found
}

// callName is the qualified name of a callee, or the bare name of a builtin.
func (info *Info) callName(e ast.Expr) string {
	if q := info.qual(e); q != "" {
		return q
	}
	if n, ok := e.(*ast.Name); ok {
		return n.ID
	}
	return ""
}

// ownStmts returns the statements of a def's body, nested blocks included, but not the bodies of
// defs, lambdas and classes nested in it.
func ownStmts(n ast.Node) []ast.Stmt {
	switch d := n.(type) {
	case *ast.FunctionDef:
		return ast.Flatten(d.Body, ast.NotScope)
	case *ast.AsyncFunctionDef:
		return ast.Flatten(d.Body, ast.NotScope)
	}
	return nil
}

// collectLoops records the for loops of f's own body.
func (info *Info) collectLoops(f *Func) {
	for _, st := range ownStmts(f.Node) {
		if fo, ok := st.(*ast.For); ok {
			info.loops = append(info.loops, Loop{For: fo, Func: f})
		}
	}
}

// Callee returns the jitted callable a call runs: the traced function (nil when the
// transformation's argument is not found), the compiling transformation with argument options,
// and shift, the number of the function's parameters before the call's first argument (1 for
// `self.update(…)` calling a decorated method). ok is false when the call does not run a
// function under jit, pjit or pmap.
func (info *Info) Callee(c *ast.Call) (f *Func, t *Transform, shift int, ok bool) {
	if info == nil || c == nil {
		return nil, nil, 0, false
	}
	switch x := c.Func.(type) {
	case *ast.Call: // jax.jit(f, …)(args)
		if t := info.jitCalls[x]; t != nil && jitOptions[t.Qual] {
			n, _ := info.resolveFunc(x.Args[0], 0)
			return info.funcs[n], t, t.Shift, true
		}
	case *ast.Name:
		return info.calleeValue(x, 0)
	case *ast.Attribute:
		b, isName := x.Value.(*ast.Name)
		if !isName || b.ID != "self" {
			return nil, nil, 0, false
		}
		c := info.classAt(x)
		if c == nil {
			return nil, nil, 0, false
		}
		// `self.step = jax.jit(self.step)` in __init__ shadows the method on the instance
		if vs := info.attrAssigns[c][x.Attr]; len(vs) == 1 {
			if f, t, shift, ok := info.calleeExpr(vs[0]); ok {
				return f, t, shift, true
			}
		}
		if m := info.methods[c][x.Attr]; m != nil {
			if f := info.funcs[m]; f != nil && f.Jit() != nil {
				return f, f.Jit(), 1, true
			}
		}
	}
	return nil, nil, 0, false
}

// calleeValue follows a called name to a jitted def or a jit call bound to it.
func (info *Info) calleeValue(n *ast.Name, depth int) (*Func, *Transform, int, bool) {
	bd, ok := info.binding(n)
	if !ok {
		return nil, nil, 0, false
	}
	switch bd.Kind {
	case imports.BindDef:
		if f := info.funcs[bd.Node]; f != nil && f.Jit() != nil {
			return f, f.Jit(), 0, true
		}
	case imports.BindAssign:
		if t, ok := bd.Node.(*ast.Name); ok {
			if v := info.assigns[t]; v != nil {
				return info.calleeExpr(v)
			}
		}
	}
	return nil, nil, 0, false
}

// calleeExpr reads a jit call's value: `jax.jit(g, …)`.
func (info *Info) calleeExpr(v ast.Expr) (*Func, *Transform, int, bool) {
	c, ok := v.(*ast.Call)
	if !ok {
		return nil, nil, 0, false
	}
	t := info.jitCalls[c]
	if t == nil || !jitOptions[t.Qual] {
		return nil, nil, 0, false
	}
	n, _ := info.resolveFunc(c.Args[0], 0)
	return info.funcs[n], t, t.Shift, true
}

// Value returns the expression a name is bound to when its scope binds it once, by a one-target
// assignment (`N_STEPS = 1000`), and whether that binding is a parameter of a function instead.
func (info *Info) Value(n *ast.Name) (v ast.Expr, param bool) {
	if info == nil || info.imp == nil {
		return nil, false
	}
	s := info.imp.ScopeOf(n)
	if s == nil {
		return nil, false
	}
	b := s.Lookup(n.ID)
	if b == nil || len(b.Bindings[n.ID]) != 1 {
		return nil, false
	}
	bd := b.Bindings[n.ID][0]
	switch bd.Kind {
	case imports.BindParam:
		return nil, true
	case imports.BindAssign:
		if t, ok := bd.Node.(*ast.Name); ok {
			return info.assigns[t], false
		}
	}
	return nil, false
}

// Builtin reports whether n names the builtin of that name: no scope of the module binds it.
func (info *Info) Builtin(n *ast.Name) bool {
	if info == nil || info.imp == nil {
		return false
	}
	s := info.imp.ScopeOf(n)
	return s != nil && s.Lookup(n.ID) == nil
}

// JitCall returns the transformation a call applies when it is `jax.jit(f, …)`, `pjit(f, …)`,
// `pmap(f, …)` or `partial(jax.jit, …)(f)`: a call that makes a jitted callable of f.
func (info *Info) JitCall(c *ast.Call) (*Transform, bool) {
	if info == nil {
		return nil, false
	}
	t := info.jitCalls[c]
	return t, t != nil && jitOptions[t.Qual]
}

// Unused reports whether f's body never reads parameter name as data: not at all, or only for
// what JAX knows at trace time (`x.shape`, `x.dtype`). jit drops such an argument from the
// compiled program (keep_unused=False), so it is no argument of XLA's.
func (f *Func) Unused(name string) bool {
	var body []ast.Node
	switch d := f.Node.(type) {
	case *ast.FunctionDef:
		for _, st := range d.Body {
			body = append(body, st)
		}
	case *ast.AsyncFunctionDef:
		for _, st := range d.Body {
			body = append(body, st)
		}
	case *ast.Lambda:
		body = append(body, d.Body)
	}
	read := false
	for _, n := range body {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Attribute:
				if v, ok := n.Value.(*ast.Name); ok && v.ID == name && staticAttrs[n.Attr] {
					return false
				}
			case *ast.Name:
				read = read || n.ID == name
			}
			return !read
		})
	}
	return !read
}
