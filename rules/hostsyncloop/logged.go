package hostsyncloop

import (
	"slices"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file follows where a synced value goes within the loop. JAX's advice, log every N steps,
// holds for a value that is printed, logged or kept for later; not for one the iteration computes
// with (a scalar weighing a device update, a history an early stop reads), which the host needs
// each iteration whatever the logging.

// flow is the data flow of one loop's body.
type flow struct {
	imp *imports.Info
	tr  *jaxtrace.Info
	// stmts are the statements an iteration runs, nested loops' included.
	stmts []ast.Stmt
	// device holds the names the enclosing function (or module) binds to device values.
	device map[string]bool
	// logged memoises loggedName; a name under way counts as logged (a cycle adds no use).
	logged map[string]bool
}

// newFlow prepares the data flow of a loop body in a scope whose device names (deviceNames of
// its own statements) are device.
func newFlow(imp *imports.Info, tr *jaxtrace.Info, body []ast.Stmt, device map[string]bool) *flow {
	return &flow{imp: imp, tr: tr, stmts: ast.Flatten(body, ast.NotScope), device: device, logged: map[string]bool{}}
}

// deviceNames are the names some statement of stmts binds to a device value: the result of a
// JAX or CuPy call or of a jitted function, or an expression over such a name, to a fixed point.
func deviceNames(imp *imports.Info, tr *jaxtrace.Info, stmts []ast.Stmt) map[string]bool {
	dev := map[string]bool{}
	for range 4 {
		changed := false
		for _, st := range stmts {
			var value ast.Expr
			var targets []ast.Expr
			switch s := st.(type) {
			case *ast.Assign:
				value, targets = s.Value, s.Targets
			case *ast.AnnAssign:
				value, targets = s.Value, []ast.Expr{s.Target}
			case *ast.AugAssign:
				value, targets = s.Value, []ast.Expr{s.Target}
			}
			if value == nil || !deviceExpr(imp, tr, value, dev) {
				continue
			}
			for _, t := range targets {
				for _, n := range ast.TargetNames(t) {
					if !dev[n] {
						dev[n], changed = true, true
					}
				}
			}
		}
		if !changed {
			break
		}
	}
	return dev
}

// deviceExpr reports whether e computes on the device: it calls a JAX or CuPy function that
// returns an array, or a jitted function, or reads a name of dev live (not only through a
// conversion to a host value).
func deviceExpr(imp *imports.Info, tr *jaxtrace.Info, e ast.Expr, dev map[string]bool) bool {
	if readsLive(imp, e, dev) {
		return true
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Lambda:
			return false
		case *ast.Call:
			if what, _ := syncCall(imp, x); what != "" {
				return false // its value is on the host
			}
			if _, _, _, ok := tr.Callee(x); ok {
				found = true
			} else if r, ok := imp.Resolve(x.Func); ok && r.API != "" && !hostAPI[r.API] &&
				(r.Backend&imports.JAX != 0 && r.Qual != "jax.device_get" || r.Backend&imports.CuPy != 0 && cupyArrayAPI(r.API)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// logSinks are the functions and methods whose argument ends as text or a record: a print, a
// logger, a progress bar, a summary writer.
var logSinks = map[string]bool{
	"print": true, "log": true, "info": true, "debug": true, "warning": true, "warn": true,
	"error": true, "write": true, "add_scalar": true, "add_scalars": true, "add_histogram": true,
	"set_postfix": true, "set_description": true, "set_postfix_str": true,
}

// keeps are the methods that keep their argument in the container they are called on.
var keeps = map[string]bool{"append": true, "extend": true, "appendleft": true, "insert": true, "add": true}

// passes are the calls whose result carries their argument's value on to what uses the result: a
// conversion, a rounding, a formatting, a container.
var passes = map[string]bool{
	"float": true, "int": true, "bool": true, "round": true, "str": true, "repr": true,
	"format": true, "abs": true, "min": true, "max": true, "sum": true, "list": true,
	"tuple": true, "dict": true, "item": true, "tolist": true,
}

// loggedOnly reports whether the value of c, a sync in statement st, only reaches logging sinks or
// containers kept for later within the loop: it is printed, logged, accumulated in a Python
// number or list that the loop itself does not compute with, or not used in the loop at all.
func (f *flow) loggedOnly(st ast.Stmt, c ast.Node) bool {
	for _, root := range stmtRoots(st) {
		if path := pathTo(root, c); path != nil {
			return f.upLogged(st, path)
		}
	}
	return false
}

// upLogged follows the value of the last node of path (a path from one of st's expressions down to
// it) up to the statement, and on through the names the statement binds.
func (f *flow) upLogged(st ast.Stmt, path []ast.Node) bool {
	for i := len(path) - 1; i > 0; i-- {
		child, parent := path[i], path[i-1]
		switch p := parent.(type) {
		case *ast.Call:
			if child == ast.Node(p.Func) {
				continue // a method of the value: its result carries it on
			}
			if r, ok := f.imp.Resolve(p.Func); ok && r.API != "" {
				if r.Backend&(imports.JAX|imports.CuPy) != 0 {
					return false // back to the device
				}
				continue // a NumPy function of host values (np.mean of a window): its result carries it on
			}
			switch fn := p.Func.(type) {
			case *ast.Name:
				if fn.ID == "print" && builtin(f.imp, fn) || fn.ID != "log" && logSinks[fn.ID] {
					return true
				}
				if !passes[fn.ID] || !builtin(f.imp, fn) {
					return false
				}
			case *ast.Attribute:
				if logSinks[fn.Attr] && !deviceExpr(f.imp, f.tr, fn.Value, f.device) {
					return true
				}
				if keeps[fn.Attr] {
					return f.loggedRecv(fn.Value)
				}
				if !passes[fn.Attr] {
					return false
				}
			default:
				return false
			}
		case *ast.BinOp:
			other := p.Left
			if child == ast.Node(p.Left) {
				other = p.Right
			}
			if deviceExpr(f.imp, f.tr, other, f.device) {
				return false // the host scalar goes back into device arithmetic
			}
		case *ast.Lambda, *ast.NamedExpr:
			return false
		}
	}
	switch s := st.(type) {
	case *ast.ExprStmt:
		return true // what the statement computes is dropped after its sinks
	case *ast.Assign:
		if path[0] != ast.Node(s.Value) {
			return false
		}
		for _, t := range s.Targets {
			if !f.loggedTarget(t) {
				return false
			}
		}
		return true
	case *ast.AnnAssign:
		return path[0] == ast.Node(s.Value) && f.loggedTarget(s.Target)
	case *ast.AugAssign:
		return path[0] == ast.Node(s.Value) && f.loggedTarget(s.Target)
	}
	return false // a test, a return, a loop's iterable: the value is used
}

// loggedTarget reports whether what an assignment stores in t is only logged or kept: t is a name
// (or unpacks into names) of a host value the loop only logs, or an item of such a container.
func (f *flow) loggedTarget(t ast.Expr) bool {
	switch x := t.(type) {
	case *ast.Name:
		return !f.device[x.ID] && f.loggedName(x.ID)
	case *ast.Tuple:
		return !slices.ContainsFunc(x.Elts, func(e ast.Expr) bool { return !f.loggedTarget(e) })
	case *ast.List:
		return !slices.ContainsFunc(x.Elts, func(e ast.Expr) bool { return !f.loggedTarget(e) })
	case *ast.Starred:
		return f.loggedTarget(x.Value)
	case *ast.Subscript:
		return f.loggedRecv(x.Value)
	}
	return false // an attribute: state other code may read
}

// loggedRecv reports whether a container values are kept in (`history`, `metrics["loss"]`,
// `self.history`) is only logged or kept by the loop: no read of it computes with its contents.
func (f *flow) loggedRecv(e ast.Expr) bool {
	if s, ok := e.(*ast.Subscript); ok {
		e = s.Value
	}
	key := ast.DottedName(e)
	if key == "" || f.device[key] {
		return false
	}
	return f.loggedName(key)
}

// loggedName reports whether every read of name (a name or a dotted attribute, `self.history`) in
// the loop only logs or keeps its value; the calls that add to it (`history.append(…)`) are no
// reads.
func (f *flow) loggedName(name string) bool {
	if v, ok := f.logged[name]; ok {
		return v
	}
	f.logged[name] = true
	ok := true
	for _, st := range f.stmts {
		for _, root := range stmtRoots(st) {
			ast.Inspect(root, func(n ast.Node) bool {
				if !ok {
					return false
				}
				if c, isCall := n.(*ast.Call); isCall {
					if a, isAttr := c.Func.(*ast.Attribute); isAttr && keeps[a.Attr] {
						if ast.DottedName(a.Value) == name {
							for _, arg := range c.Args {
								ast.Inspect(arg, func(m ast.Node) bool { return visitRead(f, st, root, m, name, &ok) })
							}
							return false
						}
					}
				}
				return visitRead(f, st, root, n, name, &ok)
			})
		}
		if !ok {
			break
		}
	}
	f.logged[name] = ok
	return ok
}

// visitRead checks one node of a walk for loggedName: a read of name must only log or keep it.
func visitRead(f *flow, st ast.Stmt, root ast.Expr, n ast.Node, name string, ok *bool) bool {
	if !*ok {
		return false
	}
	var e ast.Expr
	switch x := n.(type) {
	case *ast.Name:
		if x.ID != name || x.Ctx != ast.Load {
			return true
		}
		e = x
	case *ast.Attribute:
		if x.Ctx != ast.Load || ast.DottedName(x) != name {
			return true
		}
		e = x
	default:
		return true
	}
	if !f.upLogged(st, pathTo(root, e)) {
		*ok = false
	}
	return false
}

// stmtRoots returns the expressions a statement evaluates itself, targets included, not those of
// its blocks.
func stmtRoots(st ast.Stmt) []ast.Expr {
	switch s := st.(type) {
	case *ast.For:
		return []ast.Expr{s.Iter, s.Target}
	case *ast.AsyncFor:
		return []ast.Expr{s.Iter, s.Target}
	case *ast.With:
		var out []ast.Expr
		for _, it := range s.Items {
			out = append(out, it.ContextExpr)
		}
		return out
	case *ast.Assert:
		if s.Msg != nil {
			return []ast.Expr{s.Test, s.Msg}
		}
		return []ast.Expr{s.Test}
	case *ast.AugAssign:
		return []ast.Expr{s.Value, s.Target}
	case *ast.Raise:
		if s.Exc != nil {
			return []ast.Expr{s.Exc}
		}
	}
	return stmtExprs(st)
}

// pathTo returns the nodes from root down to target, both included, or nil when target is not
// under root.
func pathTo(root ast.Expr, target ast.Node) []ast.Node {
	var stack, found []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if n == target {
			found = append([]ast.Node(nil), stack...)
			return false
		}
		return true
	})
	return found
}
