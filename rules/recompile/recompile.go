// Package recompile defines rule AL306: code that makes JAX compile again and again — `jax.jit`
// of a fresh lambda, partial or nested def in a loop or on every call, and a static argument
// given a value that changes every iteration.
package recompile

import (
	_ "embed"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL306 jit-recompile.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL306", Name: "jit-recompile", Since: "0.3.0", Doc: doc,
	Summary:  "jitted function compiled again each iteration or call",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixNever,
	// first review on two held-out JAX/CuPy corpora: no true finding (bench/precision.md)
	Preview:  true,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, jaxtrace.Analyzer},
	Run:      run,
})

// smallLoop is the most iterations of a literal loop whose static values are compiled one by
// one on purpose (a few variants).
const smallLoop = 16

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	tr := pass.ResultOf[jaxtrace.Analyzer].(*jaxtrace.Info)
	if len(tr.Funcs()) == 0 {
		return nil, nil
	}
	calledInLoop := loopCallees(in.Inspector)
	// the context of each node on the walk's path: the function it runs in, the loop around it
	// and what that loop varies or grows, the comprehension targets it sees
	type context struct {
		fn                  ast.Node
		loop                ast.Stmt
		varying, grow, comp map[string]bool
	}
	ctx := []context{{}}
	in.Inspector.WithStack(contextNodes, func(n ast.Node, push bool, _ []ast.Node) bool {
		if !push {
			ctx = ctx[:len(ctx)-1]
			return true
		}
		c := ctx[len(ctx)-1]
		switch x := n.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda:
			if tr.Func(n) != nil {
				return false // traced: runs once per compilation
			}
			c = context{fn: n}
		case *ast.ClassDef:
			c = context{}
		case *ast.For:
			c.loop, c.varying, c.grow = x, loopVarying(x.Body, x.Target, c.varying), growing(tr, x.Body, c.grow)
			if smallLiteral(x.Iter) {
				c.varying, c.grow = nil, nil
			}
		case *ast.While:
			c.loop, c.varying, c.grow = x, loopVarying(x.Body, nil, c.varying), growing(tr, x.Body, c.grow)
		case *ast.ListComp, *ast.SetComp, *ast.DictComp, *ast.GeneratorExp:
			c.comp = compTargets(n, c.comp)
		case *ast.Call:
			checkCall(pass, in, tr, x, c.fn, c.loop, c.varying, c.grow, c.comp, calledInLoop)
		}
		ctx = append(ctx, c)
		return true
	})
	return nil, nil
}

// contextNodes are the nodes that set the context of the calls in them, and the calls.
var contextNodes = []ast.Node{(*ast.FunctionDef)(nil), (*ast.AsyncFunctionDef)(nil), (*ast.Lambda)(nil),
	(*ast.ClassDef)(nil), (*ast.For)(nil), (*ast.While)(nil), (*ast.ListComp)(nil), (*ast.SetComp)(nil),
	(*ast.DictComp)(nil), (*ast.GeneratorExp)(nil), (*ast.Call)(nil)}

// checkCall reports a jit of a fresh function in a loop or called at once in a function, and a
// jitted call whose static argument changes every iteration.
func checkCall(pass *analysis.Pass, in *pyinspect.Result, tr *jaxtrace.Info, c *ast.Call, fn ast.Node, loop ast.Stmt, varying, grow, comp map[string]bool, calledInLoop map[string]bool) {
	if _, ok := tr.JitCall(c); ok && len(c.Args) > 0 && fresh(tr, c.Args[0], loop) {
		switch {
		case loop != nil && varying == nil:
			// a loop over a few literal values: one compilation per variant, on purpose
		case loop != nil && (closesOver(c.Args[0], loop, varying) || optsRead(c, varying)):
			// each iteration jits a different function (it closes over the iteration's values):
			// one jit outside the loop could not serve them all
		case loop != nil:
			pass.Report(in.Diagnostic(c, "`%s` compiles a new function every iteration; jit it once, outside the loop",
				in.Snippet(c, 40)))
		case fn == nil || !calledAt(in, c):
		case comp != nil && !closesOver(c.Args[0], nil, comp),
			calledInLoop[defName(fn)] && !closesOver(c.Args[0], nil, bound(fn)) && !optsRead(c, bound(fn)):
			// repeated (a comprehension over data, or the function called in a loop) and the
			// same function could serve every call
			pass.Report(in.Diagnostic(c, "`%s` compiles a new function on every call of `%s`; jit it once, at module level",
				in.Snippet(c, 40), defName(fn)))
		}
		return
	}
	if len(varying) == 0 && len(grow) == 0 {
		return
	}
	f, t, shift, ok := tr.Callee(c)
	if !ok || t.OptsUnknown {
		return
	}
	for j, a := range c.Args {
		if _, star := a.(*ast.Starred); star {
			return
		}
		name := ""
		if f != nil && j+shift < len(f.Params) {
			name = f.Params[j+shift]
		}
		st, _ := t.Static(f, j+shift, name)
		switch {
		case st && reads(a, varying):
			pass.Report(in.Diagnostic(a, "static argument `%s` of `%s` changes every iteration: each value is a new compilation",
				in.Snippet(a, 30), in.Snippet(c.Func, 30)))
		case !st && reads(a, grow):
			pass.Report(in.Diagnostic(a, "`%s` grows every iteration: each new shape is a new compilation of `%s`; pad to a fixed size",
				in.Snippet(a, 30), in.Snippet(c.Func, 30)))
		}
	}
	if f == nil {
		return
	}
	for _, kw := range c.Keywords {
		for i, p := range f.Params {
			if p == kw.Arg {
				if st, _ := t.Static(f, i, p); st && reads(kw.Value, varying) {
					pass.Report(in.Diagnostic(kw.Value, "static argument `%s` of `%s` changes every iteration: each value is a new compilation",
						kw.Arg, in.Snippet(c.Func, 30)))
				}
			}
		}
	}
}

// fresh reports whether a jitted expression makes a new function object each time it runs: a
// lambda, a functools.partial, or (in a loop) a def in the loop's body.
func fresh(tr *jaxtrace.Info, e ast.Expr, loop ast.Stmt) bool {
	switch x := e.(type) {
	case *ast.Lambda:
		return true
	case *ast.Call:
		return tr.Qual(x.Func) == "functools.partial"
	case *ast.Name:
		if loop == nil {
			return false
		}
		found := false
		ast.Inspect(loop, func(n ast.Node) bool {
			if d, ok := n.(*ast.FunctionDef); ok && d.Name == x.ID {
				found = true
			}
			return !found
		})
		return found
	}
	return false
}

// calledAt reports whether the jit call's result is called at once: `jax.jit(f)(x)`.
// It scans the file's shared Inspector, not a walk of its own per call: a walk of the whole
// module for every jit call was 2 % of `check --select ALL`'s CPU on JAX's sources.
func calledAt(in *pyinspect.Result, c *ast.Call) bool {
	for n := range in.Inspector.Preorder((*ast.Call)(nil)) {
		if n.(*ast.Call).Func == ast.Expr(c) {
			return true
		}
	}
	return false
}

// loopVarying returns the names that change from one iteration to the next: the loop's target
// and every name the body assigns, with those of enclosing loops.
func loopVarying(body []ast.Stmt, target ast.Expr, outer map[string]bool) map[string]bool {
	out := map[string]bool{}
	for n := range outer {
		out[n] = true
	}
	if target != nil {
		for _, n := range ast.TargetNames(target) {
			out[n] = true
		}
	}
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Lambda:
				return false
			case *ast.Assign:
				for _, t := range x.Targets {
					for _, n := range ast.TargetNames(t) {
						out[n] = true
					}
				}
			case *ast.AugAssign:
				for _, n := range ast.TargetNames(x.Target) {
					out[n] = true
				}
			}
			return true
		})
	}
	return out
}

// joins reports whether api is an array function whose result is longer than the operand it is
// given: a join of the API table (concatenate, append, hstack, vstack, stack, repeat…).
func joins(api string) bool {
	f, ok := npapi.Lookup(api)
	return ok && f.Kind == npapi.Join
}

// growing returns the names a loop body rebinds to a join of themselves (`ctx =
// jnp.concatenate([ctx, tok])`, `x = jnp.append(x, y)`), with those of enclosing loops: their
// shape changes every iteration.
func growing(tr *jaxtrace.Info, body []ast.Stmt, outer map[string]bool) map[string]bool {
	out := map[string]bool{}
	for n := range outer {
		out[n] = true
	}
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Lambda:
				return false
			case *ast.Assign:
				c, ok := x.Value.(*ast.Call)
				if !ok || len(x.Targets) != 1 {
					return true
				}
				t, ok := x.Targets[0].(*ast.Name)
				if api, isJax := tr.JaxAPI(c.Func); ok && isJax && joins(api) && reads(c, map[string]bool{t.ID: true}) {
					out[t.ID] = true
				}
			}
			return true
		})
	}
	return out
}

// smallLiteral reports whether a loop iterates over a literal tuple or list, or range(k) with a
// literal k of at most smallLoop: a few variants compiled on purpose.
func smallLiteral(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Tuple:
		return len(x.Elts) <= smallLoop
	case *ast.List:
		return len(x.Elts) <= smallLoop
	case *ast.Call:
		n, ok := x.Func.(*ast.Name)
		if !ok || n.ID != "range" || len(x.Args) != 1 {
			return false
		}
		c, ok := x.Args[0].(*ast.Constant)
		return ok && c.Value.Kind == ast.ConstInt && c.Value.Big == nil && c.Value.Int <= smallLoop
	}
	return false
}

// reads reports whether e reads one of the names.
func reads(e ast.Expr, set map[string]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok && x.Ctx == ast.Load && set[x.ID] {
			found = true
		}
		return !found
	})
	return found
}

// defName is the name of a def node, or "<lambda>".
func defName(n ast.Node) string {
	switch d := n.(type) {
	case *ast.FunctionDef:
		return d.Name
	case *ast.AsyncFunctionDef:
		return d.Name
	}
	return "<lambda>"
}

// compTargets returns the names a comprehension's generators bind, with those of enclosing
// comprehensions.
func compTargets(n ast.Node, outer map[string]bool) map[string]bool {
	out := map[string]bool{}
	for k := range outer {
		out[k] = true
	}
	var gens []*ast.Comprehension
	switch x := n.(type) {
	case *ast.ListComp:
		gens = x.Generators
	case *ast.SetComp:
		gens = x.Generators
	case *ast.DictComp:
		gens = x.Generators
	case *ast.GeneratorExp:
		gens = x.Generators
	}
	for _, g := range gens {
		for _, name := range ast.TargetNames(g.Target) {
			out[name] = true
		}
	}
	return out
}

// loopCallees returns the names of the functions the module calls by name inside a loop that
// is not over a few literal values (smallLiteral), or inside a comprehension: called there,
// a function that jits a fresh lambda compiles it again on every trip.
func loopCallees(in *ast.Inspector) map[string]bool {
	out := map[string]bool{}
	inLoop := []bool{false} // whether the code at each node of the walk's path runs in a loop
	in.WithStack(loopNodes, func(n ast.Node, push bool, _ []ast.Node) bool {
		if !push {
			inLoop = inLoop[:len(inLoop)-1]
			return true
		}
		loop := inLoop[len(inLoop)-1]
		switch x := n.(type) {
		case *ast.For:
			loop = loop || !smallLiteral(x.Iter)
		case *ast.While, *ast.ListComp, *ast.SetComp, *ast.DictComp, *ast.GeneratorExp:
			loop = true
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda:
			loop = false
		case *ast.Call:
			if loop {
				switch f := x.Func.(type) {
				case *ast.Name:
					out[f.ID] = true
				case *ast.Attribute:
					out[f.Attr] = true
				}
			}
		}
		inLoop = append(inLoop, loop)
		return true
	})
	return out
}

// loopNodes are the nodes that start or end code run in a loop, and the calls.
var loopNodes = []ast.Node{(*ast.For)(nil), (*ast.While)(nil), (*ast.ListComp)(nil), (*ast.SetComp)(nil),
	(*ast.DictComp)(nil), (*ast.GeneratorExp)(nil), (*ast.FunctionDef)(nil), (*ast.AsyncFunctionDef)(nil),
	(*ast.Lambda)(nil), (*ast.Call)(nil)}

// bound returns the names a function binds: its parameters and the targets of its
// assignments.
func bound(fn ast.Node) map[string]bool {
	out := map[string]bool{}
	var args *ast.Arguments
	var body []ast.Stmt
	switch d := fn.(type) {
	case *ast.FunctionDef:
		args, body = d.Args, d.Body
	case *ast.AsyncFunctionDef:
		args, body = d.Args, d.Body
	case *ast.Lambda:
		args = d.Args
	}
	for name := range paramNames(args) {
		out[name] = true
	}
	for name := range loopVarying(body, nil, nil) {
		out[name] = true
	}
	return out
}

// paramNames returns the parameter names of a signature.
func paramNames(a *ast.Arguments) map[string]bool {
	out := map[string]bool{}
	if a == nil {
		return out
	}
	for _, l := range [][]*ast.Arg{a.Posonlyargs, a.Args, a.Kwonlyargs, {a.Vararg, a.Kwarg}} {
		for _, p := range l {
			if p != nil {
				out[p.Arg] = true
			}
		}
	}
	return out
}

// closesOver reports whether the jitted function e reads one of the names from its enclosing
// scope (a lambda's body or defaults, a partial's arguments, the body of a def the loop
// defines), its own parameters aside: each such value makes it a different function.
func closesOver(e ast.Expr, loop ast.Stmt, names map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Lambda:
		own := paramNames(x.Args)
		set := map[string]bool{}
		for k := range names {
			if !own[k] {
				set[k] = true
			}
		}
		return reads(x, set)
	case *ast.Name:
		found := false
		if loop != nil {
			ast.Inspect(loop, func(n ast.Node) bool {
				if d, ok := n.(*ast.FunctionDef); ok && d.Name == x.ID {
					own := paramNames(d.Args)
					for _, st := range d.Body {
						ast.Inspect(st, func(m ast.Node) bool {
							if v, ok := m.(*ast.Name); ok && v.Ctx == ast.Load && names[v.ID] && !own[v.ID] {
								found = true
							}
							return !found
						})
					}
				}
				return !found
			})
		}
		return found
	}
	return reads(e, names)
}

// optsRead reports whether the jit call's options (out_shardings=, static_argnums=, …) read one
// of the names: a different sharding or option per call is a different program anyway.
func optsRead(c *ast.Call, names map[string]bool) bool {
	for _, k := range c.Keywords {
		if reads(k.Value, names) {
			return true
		}
	}
	return false
}
