// Package hostsyncloop defines rule AL202: a device value brought to the host on every
// iteration of a training loop (`float(loss)`, `loss.item()`, `np.asarray(x)`,
// `jax.device_get(x)`, `print(x)`, `cp.asnumpy(x)`), which makes the host wait for the device
// each step.
package hostsyncloop

import (
	_ "embed"
	"slices"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL202 host-sync-in-loop.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL202", Name: "host-sync-in-loop", Since: "0.3.0", Doc: doc,
	Summary:  "device value copied to the host every loop iteration",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixNever,
	// first review on two held-out JAX/CuPy corpora: no true finding (bench/precision.md)
	Preview:  true,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, imports.Analyzer, jaxtrace.Analyzer},
	Run:      run,
})

// loop is one Python loop that launches device work each iteration: it calls a jitted function
// (JAX) or a CuPy function.
type loop struct {
	body   []ast.Stmt
	device map[string]bool // names bound in the body to device values
	synced map[string]bool // names bound in the body to host values converted from device ones
	what   string          // the device call, for the message
	// counters are the names that count the iterations (`for i in range(n)`, `for i, x in
	// enumerate(xs)`, `i += 1` in a while loop).
	counters map[string]bool
	flow     *flow
}

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	imp := pass.ResultOf[imports.Analyzer].(*imports.Info)
	tr := pass.ResultOf[jaxtrace.Analyzer].(*jaxtrace.Info)
	if imp.Backends()&(imports.JAX|imports.CuPy) == 0 {
		return nil, nil
	}
	reported := map[ast.Node]bool{}
	devices := map[ast.Node]map[string]bool{} // deviceNames of each scope, made once
	// (the path to each loop, for the scope and the loops around it)
	in.Inspector.WithStack(loopsAndFuncs, func(n ast.Node, push bool, stack []ast.Node) bool {
		return !push || visitLoop(pass, in, imp, tr, n, stack[:len(stack)-1], reported, devices)
	})
	return nil, nil
}

// loopsAndFuncs are the nodes visitLoop looks at: the walk passes over subtrees without them.
var loopsAndFuncs = []ast.Node{(*ast.For)(nil), (*ast.While)(nil), (*ast.FunctionDef)(nil),
	(*ast.AsyncFunctionDef)(nil), (*ast.Lambda)(nil)}

// visitLoop checks n when it is a loop, and says whether the walk goes into n.
func visitLoop(pass *analysis.Pass, in *pyinspect.Result, imp *imports.Info, tr *jaxtrace.Info, n ast.Node, stack []ast.Node, reported map[ast.Node]bool, devices map[ast.Node]map[string]bool) bool {
	var body []ast.Stmt
	switch l := n.(type) {
	case *ast.For:
		body = l.Body
	case *ast.While:
		body = l.Body
	case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda:
		return tr.Func(n) == nil // a traced function's loops run at trace time, once
	default:
		return true
	}
	l := deviceLoop(in, imp, tr, body)
	if l == nil || runsPeriodically(n, stack) {
		return true
	}
	l.counters = counters(n) // quietReason's periodic tests read them
	if quietReason(in, imp, tr, n, l) != "" {
		return true
	}
	scope, stmts := scopeBody(in.File.Module, stack)
	if devices[scope] == nil {
		devices[scope] = deviceNames(imp, tr, ast.Flatten(stmts, ast.NotScope))
	}
	l.flow = newFlow(imp, tr, body, devices[scope])
	for _, st := range ownStmts(body) {
		checkStmt(pass, in, imp, l, st, reported)
	}
	return true
}

// runsPeriodically reports whether the loop n runs on a few iterations of a loop around it, not
// on each: it sits under a periodic guard of an enclosing loop's body, or of a loop between
// (`if step % 250 == 0:` then an evaluation loop), within the same function. Its syncs are then
// a few per N steps of the outer loop — JAX's advice already followed (the fourth JAX corpus's
// review: 16-step evaluation loops every 250 training steps).
func runsPeriodically(n ast.Node, stack []ast.Node) bool {
	inner, ok := n.(ast.Stmt)
	if !ok {
		return false
	}
	for i := len(stack) - 1; i >= 0; i-- {
		var body []ast.Stmt
		switch outer := stack[i].(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef:
			return false
		case *ast.For:
			body = outer.Body
		case *ast.AsyncFor:
			body = outer.Body
		case *ast.While:
			body = outer.Body
		default:
			continue
		}
		if periodic(body, inner, counters(stack[i])) {
			return true
		}
		inner = stack[i].(ast.Stmt)
	}
	return false
}

// scopeBody returns the innermost def around the top of stack and its statements, or the
// module and its.
func scopeBody(mod *ast.Module, stack []ast.Node) (ast.Node, []ast.Stmt) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch d := stack[i].(type) {
		case *ast.FunctionDef:
			return d, d.Body
		case *ast.AsyncFunctionDef:
			return d, d.Body
		}
	}
	return mod, mod.Body
}

// deviceLoop finds the device values a loop body computes: the targets of assignments from a
// jitted call or a CuPy call, and of assignments over them, to a fixed point.
func deviceLoop(in *pyinspect.Result, imp *imports.Info, tr *jaxtrace.Info, body []ast.Stmt) *loop {
	l := &loop{body: body, device: map[string]bool{}}
	stmts := ownStmts(body)
	for range 4 {
		changed := false
		for _, st := range stmts {
			a, ok := st.(*ast.Assign)
			if !ok {
				continue
			}
			src := ""
			if c, ok := a.Value.(*ast.Call); ok {
				if _, _, _, ok := tr.Callee(c); ok {
					src = in.Snippet(c.Func, 30)
				} else if r, ok := imp.Resolve(c.Func); ok && r.Backend == imports.CuPy && cupyArrayAPI(r.API) {
					src = in.Snippet(c.Func, 30)
				}
			}
			if src == "" && !readsLive(imp, a.Value, l.device) {
				continue
			}
			if l.what == "" && src != "" {
				l.what = src
			}
			for _, t := range a.Targets {
				for _, name := range ast.TargetNames(t) {
					if !l.device[name] {
						l.device[name], changed = true, true
					}
				}
			}
		}
		if !changed {
			break
		}
	}
	if l.what == "" {
		return nil
	}
	// the host values synced from device ones: `md = float(diff.max())`
	l.synced = map[string]bool{}
	for _, st := range stmts {
		if a, ok := st.(*ast.Assign); ok && readsAny(a.Value, l.device) {
			for _, t := range a.Targets {
				for _, name := range ast.TargetNames(t) {
					if !l.device[name] {
						l.synced[name] = true
					}
				}
			}
		}
	}
	return l
}

// hostAPI are the CuPy functions that return host values.
var hostAPI = map[string]bool{"asnumpy": true}

// cupyArrayAPI reports whether a CuPy function named api (backend-neutral, as imports resolves
// it) computes an array on the device: a function of the one API table other than the host
// copies. A helper the table does not know (cupy._core._scalar.get_typename, which names a
// dtype) makes no device value.
func cupyArrayAPI(api string) bool {
	if api == "" || hostAPI[api] {
		return false
	}
	_, ok := npapi.Lookup(api)
	return ok
}

// checkStmt reports the syncs of one statement of the loop body, unless the statement only runs
// every N iterations (`if step % N == 0:`) or the synced value decides the control flow.
func checkStmt(pass *analysis.Pass, in *pyinspect.Result, imp *imports.Info, l *loop, st ast.Stmt, reported map[ast.Node]bool) {
	var exprs []ast.Expr
	switch s := st.(type) {
	case *ast.ExprStmt:
		exprs = []ast.Expr{s.Value}
	case *ast.Assign:
		exprs = []ast.Expr{s.Value}
	case *ast.AugAssign:
		exprs = []ast.Expr{s.Value}
	default:
		return // if/while tests decide control flow: the value is needed there
	}
	if periodic(l.body, st, l.counters) {
		return
	}
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if js, ok := n.(*ast.JoinedStr); ok && !reported[js] && formatsAny(js, l.device) {
				// an f-string formats its values when it is evaluated, whatever then takes the
				// text (`logger.info(f"{loss:.3f}")`): a sync as print's is
				reported[js] = true
				if l.flow.loggedOnly(st, js) {
					pass.Report(in.Diagnostic(js, "`%s` formats a device value on the host and waits for the device every iteration of the loop calling `%s`; log every N steps",
						in.Snippet(js, 40), l.what))
				}
				return false
			}
			c, ok := n.(*ast.Call)
			if !ok || reported[c] {
				return true
			}
			what, args := syncCall(imp, c)
			if !slices.ContainsFunc(args, func(a ast.Expr) bool { return readsAny(a, l.device) }) {
				return true
			}
			if arrayCopy(imp, c) && uploads(imp, l) {
				return true // out-of-core streaming: each batch goes up, is processed, comes back
			}
			if !l.flow.loggedOnly(st, c) {
				reported[c] = true
				return false // the iteration computes with the value: logging less cannot help
			}
			reported[c] = true
			pass.Report(in.Diagnostic(c, "`%s` %s every iteration of the loop calling `%s`; log every N steps",
				in.Snippet(c, 40), what, l.what))
			return false
		})
	}
}

// formatsAny reports whether the f-string js formats a value that reads a name of device.
func formatsAny(js *ast.JoinedStr, device map[string]bool) bool {
	for _, v := range js.Values {
		if fv, ok := v.(*ast.FormattedValue); ok && readsAny(fv.Value, device) {
			return true
		}
	}
	return false
}

// syncCall recognises a call that brings a device value to the host and returns its operands.
func syncCall(imp *imports.Info, c *ast.Call) (string, []ast.Expr) {
	const waits = "waits for the device"
	switch f := c.Func.(type) {
	case *ast.Name:
		if (f.ID == "float" || f.ID == "int" || f.ID == "bool") && len(c.Args) == 1 && builtin(imp, f) {
			return waits, c.Args
		}
		if f.ID == "print" && builtin(imp, f) {
			return "copies to the host and " + waits, c.Args
		}
	case *ast.Attribute:
		if (f.Attr == "item" || f.Attr == "tolist") && len(c.Args) == 0 {
			return waits, []ast.Expr{f.Value}
		}
	}
	r, ok := imp.Resolve(c.Func)
	if !ok || len(c.Args) == 0 {
		return "", nil
	}
	switch {
	case r.Backend == imports.NumPy && (r.API == "asarray" || r.API == "array"),
		r.Qual == "jax.device_get",
		r.Backend&imports.CuPy != 0 && r.API == "asnumpy":
		return "copies to the host and " + waits, c.Args[:1]
	}
	return "", nil
}

// builtin reports whether n names a builtin: no scope binds it.
func builtin(imp *imports.Info, n *ast.Name) bool {
	s := imp.ScopeOf(n)
	return s != nil && s.Lookup(n.ID) == nil
}

// periodic reports whether st sits, inside body, under an `if` whose test reads a modulo
// (`step % 100 == 0`) or lets only a few iterations through (few), or after an `if` of either
// kind that skips the rest of the iteration otherwise: it runs every N iterations, or on a few,
// not on every one.
func periodic(body []ast.Stmt, st ast.Stmt, counters map[string]bool) bool {
	found := false
	var walk func(sts []ast.Stmt, under bool)
	walk = func(sts []ast.Stmt, under bool) {
		for _, s := range sts {
			if s == st {
				found = found || under
				return
			}
			if skipsUnlessPeriodic(s, body, counters) {
				under = true // `if step % N != 0: continue` guards the rest of the block
			}
			switch x := s.(type) {
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.For, *ast.AsyncFor, *ast.While:
				continue
			case *ast.If:
				u := under || hasMod(x.Test) || few(x.Test, counters, body, false)
				walk(x.Body, u)
				walk(x.Orelse, under)
				continue
			}
			for _, b := range ast.Bodies(s) {
				walk(b, under)
			}
		}
	}
	walk(body, false)
	return found
}

// skipsUnlessPeriodic reports whether s is `if <test>: continue` where the test reads a
// modulo or its negation lets only a few iterations through (`if i > 2: continue`).
func skipsUnlessPeriodic(s ast.Stmt, body []ast.Stmt, counters map[string]bool) bool {
	x, ok := s.(*ast.If)
	if !ok || len(x.Body) != 1 || len(x.Orelse) != 0 || !hasMod(x.Test) && !few(x.Test, counters, body, true) {
		return false
	}
	_, ok = x.Body[0].(*ast.Continue)
	return ok
}

// readsLive reports whether e reads one of the names as a device value: not only through a
// call that converts it to a host value (`round(float(x), 4)` is a Python number).
func readsLive(imp *imports.Info, e ast.Expr, set map[string]bool) bool {
	return readsNames(e, set, func(c *ast.Call) bool { what, _ := syncCall(imp, c); return what != "" })
}

// hasMod reports whether e reads a % b of numbers (not a string format).
func hasMod(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinOp); ok && b.Op == ast.Mod {
			if c, ok := b.Left.(*ast.Constant); !ok || c.Value.Kind != ast.ConstStr {
				found = true
			}
		}
		return !found
	})
	return found
}

// readsAny reports whether e reads one of the names, not through a static attribute (`.shape`).
func readsAny(e ast.Expr, set map[string]bool) bool { return readsNames(e, set, nil) }

// readsNames is readsAny that does not look inside the calls skip reports (nil: none).
func readsNames(e ast.Expr, set map[string]bool, skip func(*ast.Call) bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Call:
			if skip != nil && skip(x) {
				return false
			}
		case *ast.Attribute:
			if x.Attr == "shape" || x.Attr == "dtype" || x.Attr == "ndim" || x.Attr == "size" {
				return false
			}
		case *ast.Lambda:
			return false
		case *ast.Name:
			if x.Ctx == ast.Load && set[x.ID] {
				found = true
			}
		}
		return !found
	})
	return found
}

// ownStmts returns the statements that run once per iteration of a loop with this body: nested
// if, with and try blocks included, not the bodies of nested loops (their own iterations), defs
// and classes.
func ownStmts(body []ast.Stmt) []ast.Stmt {
	return ast.Flatten(body, func(st ast.Stmt) bool {
		switch st.(type) {
		case *ast.For, *ast.AsyncFor, *ast.While:
			return false
		}
		return ast.NotScope(st)
	})
}
