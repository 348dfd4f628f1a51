// Package profilerstartstop defines rule AL401: jax.profiler.start_trace/stop_trace outside
// try/finally, and a traced region whose last array result is not waited for before the trace
// stops.
package profilerstartstop

import (
	_ "embed"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL401 profiler-start-stop.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL401", Name: "profiler-start-stop", Since: "0.2.0", Doc: doc,
	Summary:  "profiler trace not exception safe or closed too early",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixSometimes,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer},
	Run:      run,
})

const (
	startTrace = "jax.profiler.start_trace"
	stopTrace  = "jax.profiler.stop_trace"
	traceCtx   = "jax.profiler.trace"
)

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	imp := info.Imports()
	if imp.Backends()&imports.JAX == 0 {
		return nil, nil // jax.profiler needs a jax import
	}
	if !tracesHere(imp, in.Inspector) {
		return nil, nil // no trace is entered or started: no statement list need be read
	}
	for _, block := range blocks(in.File.Module, in.Inspector) {
		for i, st := range block {
			if w, ok := st.(*ast.With); ok && withTrace(imp, w) {
				checkRegion(pass, in, info, w.Body)
				continue
			}
			call, ok := callStmt(imp, st, startTrace)
			if !ok {
				continue
			}
			j, guarded := findStop(imp, block, i)
			switch {
			case guarded >= 0: // start; …; try: … finally: stop_trace()
				t := block[guarded].(*ast.Try)
				checkRegion(pass, in, info, append(append([]ast.Stmt{}, block[i+1:guarded]...), t.Body...))
			case j >= 0:
				d := in.Diagnostic(st, "`%s` is not stopped if the traced code raises; use `with jax.profiler.trace(…)`", clip(in.Text(call)))
				if fix, ok := withFix(pass, in, info, block, i, j, call); ok {
					d.SuggestedFixes = []analysis.SuggestedFix{fix}
				}
				pass.Report(d)
				checkRegion(pass, in, info, block[i+1:j])
			}
		}
	}
	return nil, nil
}

// findStop looks for the stop_trace that closes the start_trace at block[i] in the same block:
// a plain statement (j) or the finally clause of a later try statement (guarded). Both are -1
// when the trace is stopped elsewhere (another function, a callback), which a context manager
// cannot express, so nothing is reported then.
func findStop(imp *imports.Info, block []ast.Stmt, i int) (j, guarded int) {
	for k := i + 1; k < len(block); k++ {
		if _, ok := callStmt(imp, block[k], stopTrace); ok {
			return k, -1
		}
		if t, ok := block[k].(*ast.Try); ok {
			for _, f := range t.Finalbody {
				if _, ok := callStmt(imp, f, stopTrace); ok {
					return -1, k
				}
			}
		}
	}
	return -1, -1
}

// checkRegion reports the last statement of a traced region that binds a JAX array nothing in
// the region reads afterwards: JAX dispatches asynchronously, so the trace may stop before the
// device has computed it.
func checkRegion(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, region []ast.Stmt) {
	if len(region) == 0 {
		return
	}
	end := region[len(region)-1].Span().End
	for k := len(region) - 1; k >= 0; k-- {
		asg, ok := region[k].(*ast.Assign)
		if !ok || len(asg.Targets) != 1 {
			continue
		}
		name, ok := asg.Targets[0].(*ast.Name)
		if !ok {
			continue
		}
		a, ok := info.Array(asg.Value)
		if !ok || a.Backend != imports.JAX {
			continue
		}
		if info.ReadBetween(info.ScopeOf(asg), name.ID, asg.End, end) {
			return // used (printed, converted, blocked on) inside the region
		}
		d := in.Diagnostic(asg, "`%s` may still be computing when the trace stops; call `%s.block_until_ready()` in the region", name.ID, name.ID)
		if fix, ok := blockFix(pass, in, asg, name.ID); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		pass.Report(d)
		return
	}
}

// withTrace reports whether w enters jax.profiler.trace(…).
func withTrace(imp *imports.Info, w *ast.With) bool {
	for _, it := range w.Items {
		if c, ok := it.ContextExpr.(*ast.Call); ok {
			if r, ok := imp.Resolve(c.Func); ok && r.Qual == traceCtx {
				return true
			}
		}
	}
	return false
}

// callStmt returns the call when st is an expression statement calling qual.
func callStmt(imp *imports.Info, st ast.Stmt, qual string) (*ast.Call, bool) {
	e, ok := st.(*ast.ExprStmt)
	if !ok {
		return nil, false
	}
	c, ok := e.Value.(*ast.Call)
	if !ok {
		return nil, false
	}
	r, ok := imp.Resolve(c.Func)
	return c, ok && r.Qual == qual
}

// tracesHere reports whether some statement of the module enters jax.profiler.trace or calls
// start_trace: the statements run reads its blocks for.
func tracesHere(imp *imports.Info, in *ast.Inspector) bool {
	for n := range in.Preorder((*ast.With)(nil), (*ast.ExprStmt)(nil)) {
		if w, ok := n.(*ast.With); ok && withTrace(imp, w) {
			return true
		}
		if _, ok := callStmt(imp, n.(ast.Stmt), startTrace); ok {
			return true
		}
	}
	return false
}

// blocks returns every statement list of the module (bodies, else and finally clauses), from
// its shared Inspector in.
func blocks(mod *ast.Module, in *ast.Inspector) [][]ast.Stmt {
	if mod == nil {
		return nil
	}
	out := [][]ast.Stmt{mod.Body}
	in.Inspect(func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok {
			out = append(out, ast.Bodies(st)...)
		}
		return true
	})
	return out
}
