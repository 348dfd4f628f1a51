// Package tracedshape defines rule AL403: an array whose shape depends on its values (nonzero,
// one-argument where, unique, a boolean mask) computed inside a traced JAX function without
// `size=`, which raises when JAX traces the function.
package tracedshape

import (
	_ "embed"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL403 traced-value-shape.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL403", Name: "traced-value-shape", Since: "0.3.0", Doc: doc,
	Summary:  "value-dependent shape inside a traced JAX function",
	Severity: analyzer.Error,
	Fix:      analyzer.FixNever,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, jaxtrace.Analyzer},
	Run:      run,
})

// sized are the jax.numpy functions whose result length is the number of selected or distinct
// elements unless `size=` fixes it. where is one of them only with one argument.
var sized = map[string]bool{
	"nonzero": true, "where": true, "argwhere": true, "flatnonzero": true,
	"unique": true, "unique_values": true, "unique_counts": true, "unique_inverse": true,
	"unique_all": true, "extract": true, "compress": true,
	"setdiff1d": true, "union1d": true, "intersect1d": true,
}

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	tr := pass.ResultOf[jaxtrace.Analyzer].(*jaxtrace.Info)
	if len(tr.Funcs()) == 0 {
		return nil, nil
	}
	for n := range in.Inspector.Preorder((*ast.Call)(nil), (*ast.Subscript)(nil)) {
		switch x := n.(type) {
		case *ast.Call:
			checkCall(pass, in, tr, x)
		case *ast.Subscript:
			checkMask(pass, in, tr, x)
		}
	}
	return nil, nil
}

// checkCall reports a size-less jnp call of the sized table in a traced function. In a staged
// function (jit, a lax body) every jnp operation is staged, constants included, so the operand
// need not be traced; under vmap alone only a traced operand has no concrete value.
func checkCall(pass *analysis.Pass, in *pyinspect.Result, tr *jaxtrace.Info, c *ast.Call) {
	api, ok := tr.JaxAPI(c.Func)
	if !ok || !sized[api] || hasKeyword(c, "size") || len(c.Args) == 0 {
		return
	}
	if api == "where" && (len(c.Args) != 1 || len(c.Keywords) > 0) {
		return
	}
	f := tr.Enclosing(c)
	if f == nil || !f.Compiled() && !tr.Traced(f, c.Args[0]) {
		return
	}
	pass.Report(in.Diagnostic(c, "`%s`: value-dependent shape raises `ConcretizationTypeError` %s; pass `size=`",
		in.Snippet(c, 40), how(f)))
}

// checkMask reports `x[m]` read with a boolean mask m computed from a traced value.
func checkMask(pass *analysis.Pass, in *pyinspect.Result, tr *jaxtrace.Info, s *ast.Subscript) {
	if s.Ctx != ast.Load || !boolMask(s.Slice) {
		return
	}
	f := tr.Enclosing(s)
	if f == nil || !tr.Traced(f, s.Slice) {
		return
	}
	pass.Report(in.Diagnostic(s, "`%s`: boolean mask raises `NonConcreteBooleanIndexError` %s; use `jnp.where`",
		in.Snippet(s, 40), how(f)))
}

// boolMask reports whether an index expression is a boolean mask written as one: a comparison,
// or `~`, `&`, `|` of comparisons.
func boolMask(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Compare:
		return len(x.Ops) == 1 && x.Ops[0] != ast.Is && x.Ops[0] != ast.IsNot && x.Ops[0] != ast.In && x.Ops[0] != ast.NotIn
	case *ast.UnaryOp:
		return x.Op == ast.Invert && boolMask(x.Operand)
	case *ast.BinOp:
		return (x.Op == ast.BitAnd || x.Op == ast.BitOr) && boolMask(x.Left) && boolMask(x.Right)
	}
	return false
}

// how names what traces f, for the message: "under `jax.jit`", "in the body of `jax.lax.scan`".
func how(f *jaxtrace.Func) string {
	for g := f; g != nil; g = g.Up() {
		if len(g.Transforms) > 0 {
			t := g.Transforms[0]
			if t.Kind == jaxtrace.Body {
				return "in the body of `" + t.Qual + "`"
			}
			return "under `" + t.Qual + "`"
		}
	}
	return "when traced"
}

func hasKeyword(c *ast.Call, name string) bool {
	for _, kw := range c.Keywords {
		if kw.Arg == name || kw.Arg == "" {
			return true // **kwargs may carry it
		}
	}
	return false
}
