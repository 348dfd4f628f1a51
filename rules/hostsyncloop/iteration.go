package hostsyncloop

import (
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// fewTrips is the trip count below which a loop of known count is too short for a per-iteration
// sync to matter: a script comparing a handful of configurations prints each one on purpose.
const fewTrips = 16

// quietReason says why none of a loop's syncs is worth reporting, or "" when the JAX advice
// (sync only every N steps) holds for it: the loop runs many short iterations, each one step's
// worth of device work, and nothing in an iteration needs a device value on the host already.
func quietReason(in *pyinspect.Result, imp *imports.Info, tr *jaxtrace.Info, loopNode ast.Node, l *loop) string {
	if n, ok := knownTrips(loopNode); ok && n < fewTrips {
		return "few trips"
	}
	if longIteration(in, imp, tr, l) {
		return "long iteration"
	}
	if hostNeeds(imp, tr, l) {
		return "value needed on the host"
	}
	return ""
}

// knownTrips returns the trip count of a for loop over a list or tuple literal or over
// range(n) with literal bounds.
func knownTrips(n ast.Node) (int64, bool) {
	f, ok := n.(*ast.For)
	if !ok {
		return 0, false
	}
	switch it := f.Iter.(type) {
	case *ast.List:
		return int64(len(it.Elts)), true
	case *ast.Tuple:
		return int64(len(it.Elts)), true
	case *ast.Call:
		name, ok := it.Func.(*ast.Name)
		if !ok || name.ID != "range" || len(it.Args) == 0 || len(it.Args) > 2 {
			return 0, false
		}
		var bounds []int64
		for _, a := range it.Args {
			c, ok := a.(*ast.Constant)
			if !ok || c.Value.Kind != ast.ConstInt {
				return 0, false
			}
			bounds = append(bounds, c.Value.Int)
		}
		if len(bounds) == 1 {
			return max(bounds[0], 0), true
		}
		return max(bounds[1]-bounds[0], 0), true
	}
	return 0, false
}

// longIteration reports whether every iteration runs more than one step's worth of device work:
// an inner Python loop, two or more different jitted functions, or a jitted function that runs
// a loop itself (a rollout, a whole evaluation). One sync per such iteration costs nothing
// measurable beside the work it waits for. Work under a periodic guard (`if step % 250 == 0:`
// an evaluation loop) runs on a few iterations, not on each: it does not make every iteration
// long (the fourth JAX corpus's review: a GPT-2 training loop's per-step sync went unreported
// for its guarded evaluation block).
func longIteration(in *pyinspect.Result, imp *imports.Info, tr *jaxtrace.Info, l *loop) bool {
	var every []ast.Stmt // the statements every iteration runs
	for _, st := range ownStmts(l.body) {
		if !periodic(l.body, st, l.counters) {
			every = append(every, st)
		}
	}
	for _, st := range every {
		switch st.(type) {
		case *ast.For, *ast.AsyncFor, *ast.While:
			return true
		}
	}
	callees := map[string]bool{}
	long := false
	for _, st := range every {
		for _, e := range stmtExprs(st) {
			ast.Inspect(e, func(n ast.Node) bool {
				c, ok := n.(*ast.Call)
				if !ok {
					return !long
				}
				if f, _, _, ok := tr.Callee(c); ok {
					callees[in.Snippet(c.Func, 60)] = true
					if tr.RunsLoop(f) {
						long = true
					}
				}
				return !long
			})
		}
	}
	return long || len(callees) > 1
}

// hostNeeds reports whether an iteration already needs a device value on the host, so that one
// more sync costs nothing: a branch, conditional expression, comprehension filter or assert
// that tests one; a device value handed to a call that is neither JAX, NumPy or CuPy, nor
// jitted, nor a logging or accumulating sink (an environment's step, a human player, a queue);
// a device value used as an index into a host container; or an explicit
// `block_until_ready` — on every iteration: not under a periodic guard (an evaluation block every
// N steps that compares its loss with the best so far waits then, not on each step).
func hostNeeds(imp *imports.Info, tr *jaxtrace.Info, l *loop) bool {
	vals := map[string]bool{}
	for name := range l.device {
		vals[name] = true
	}
	for name := range l.synced {
		vals[name] = true
	}
	needs := false
	for _, st := range ownStmts(l.body) {
		if periodic(l.body, st, l.counters) {
			continue // a branch taken every N iterations waits then, not on each
		}
		switch s := st.(type) {
		case *ast.If:
			needs = needs || readsAny(s.Test, vals)
		case *ast.While:
			needs = needs || readsAny(s.Test, vals)
		case *ast.Assert:
			needs = needs || readsAny(s.Test, vals)
		}
		for _, e := range stmtExprs(st) {
			ast.Inspect(e, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.Lambda:
					return false
				case *ast.IfExp:
					needs = needs || readsAny(x.Test, vals)
				case *ast.Comprehension:
					for _, t := range x.Ifs {
						needs = needs || readsAny(t, vals)
					}
				case *ast.Subscript:
					if !readsAny(x.Value, vals) && readsAny(x.Slice, vals) {
						needs = true
					}
				case *ast.Call:
					needs = needs || hostCall(imp, tr, x, vals)
				}
				return !needs
			})
		}
		if needs {
			return true
		}
	}
	return false
}

// sinks are the functions and methods that only log, format or accumulate a value.
var sinks = map[string]bool{
	"print": true, "float": true, "int": true, "bool": true, "round": true, "str": true,
	"repr": true, "format": true, "len": true, "abs": true, "min": true, "max": true, "sum": true,
	"isinstance": true, "enumerate": true, "zip": true, "range": true, "list": true, "tuple": true,
	"dict":   true,
	"append": true, "extend": true, "add_scalar": true, "add_scalars": true, "add_histogram": true,
	"log": true, "info": true, "debug": true, "warning": true, "write": true, "set_postfix": true,
	"set_description": true, "item": true, "tolist": true,
}

// hostCall reports whether a call hands a device value to host code that consumes it, or waits
// for the device explicitly.
func hostCall(imp *imports.Info, tr *jaxtrace.Info, c *ast.Call, vals map[string]bool) bool {
	if r, ok := imp.Resolve(c.Func); ok {
		return r.Qual == "jax.block_until_ready"
	}
	if _, _, _, ok := tr.Callee(c); ok {
		return false
	}
	name := ""
	switch f := c.Func.(type) {
	case *ast.Name:
		name = f.ID
	case *ast.Attribute:
		if f.Attr == "block_until_ready" {
			return true
		}
		if readsAny(f.Value, vals) {
			return false // a method of the device value itself (x.sum(), state.replace(...))
		}
		name = f.Attr
	default:
		return false
	}
	if sinks[name] {
		return false
	}
	for _, a := range c.Args {
		if readsAny(a, vals) {
			return true
		}
	}
	for _, k := range c.Keywords {
		if readsAny(k.Value, vals) {
			return true
		}
	}
	return false
}

// stmtExprs returns the expressions a statement evaluates itself (not those of its blocks).
func stmtExprs(st ast.Stmt) []ast.Expr {
	switch s := st.(type) {
	case *ast.ExprStmt:
		return []ast.Expr{s.Value}
	case *ast.Assign:
		return append([]ast.Expr{s.Value}, s.Targets...)
	case *ast.AugAssign:
		return []ast.Expr{s.Value}
	case *ast.AnnAssign:
		if s.Value != nil {
			return []ast.Expr{s.Value}
		}
	case *ast.If:
		return []ast.Expr{s.Test}
	case *ast.While:
		return []ast.Expr{s.Test}
	case *ast.Return:
		if s.Value != nil {
			return []ast.Expr{s.Value}
		}
	}
	return nil
}

// arrayCopy reports whether c copies a whole array to the host (np.asarray, np.array,
// jax.device_get, cp.asnumpy), as opposed to reading a scalar or printing.
func arrayCopy(imp *imports.Info, c *ast.Call) bool {
	r, ok := imp.Resolve(c.Func)
	if !ok {
		return false
	}
	return r.Backend == imports.NumPy && (r.API == "asarray" || r.API == "array") ||
		r.Qual == "jax.device_get" || r.Backend&imports.CuPy != 0 && r.API == "asnumpy"
}

// uploads reports whether an iteration copies host data to the device (jnp.array,
// jnp.asarray, jax.device_put, cp.asarray or cp.array of a value the loop did not compute on
// the device): a loop that streams batches through the device, whose results must come back
// to the host batch by batch.
func uploads(imp *imports.Info, l *loop) bool {
	found := false
	for _, st := range ownStmts(l.body) {
		for _, e := range stmtExprs(st) {
			ast.Inspect(e, func(n ast.Node) bool {
				c, ok := n.(*ast.Call)
				if !ok || found || len(c.Args) == 0 {
					return !found
				}
				r, ok := imp.Resolve(c.Func)
				if !ok || readsAny(c.Args[0], l.device) {
					return true
				}
				switch {
				case r.Backend&imports.JAX != 0 && (r.API == "array" || r.API == "asarray"),
					r.Qual == "jax.device_put",
					r.Backend&imports.CuPy != 0 && (r.API == "array" || r.API == "asarray"):
					found = true
				}
				return !found
			})
		}
	}
	return found
}
