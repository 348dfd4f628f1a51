package absint

import (
	"slices"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file works out the trip count of a counted while loop — `while t < steps:` whose body
// steps t by a constant on every pass (`t += 1`) — so that the growth of its passes is
// extrapolated as a range loop's is, instead of standing for two passes.

// whileTrips returns how many passes the while loop st makes, from its counter's and its bound's
// values where the loop starts, or -1. The loop qualifies when its test compares a name with a
// bound (`i < n`, `i <= n`, `n > i`, `i != n`, `i > 0` counting down), its body's own statements
// step that name by an integer constant exactly once (`i += 2`, `i = i - 1`) and nothing else in
// the body binds it or a name the bound reads, and no break, continue, return or raise can end a
// pass early. The bound is a name, a number or arithmetic on them, so evaluating it here has no
// effect on the run.
func (s *Interp) whileTrips(st *ast.While) int64 {
	cmp, ok := st.Test.(*ast.Compare)
	if !ok || len(cmp.Ops) != 1 || len(cmp.Comparators) != 1 {
		return -1
	}
	counter, bound, op := cmp.Left, cmp.Comparators[0], cmp.Ops[0]
	if _, isName := counter.(*ast.Name); !isName {
		counter, bound, op = bound, counter, flipCmp(op)
	}
	name, ok := counter.(*ast.Name)
	if !ok || !plainBound(bound) {
		return -1
	}
	step, ok := counterStep(st.Body, name.ID)
	if !ok {
		return -1
	}
	binds := 0
	for _, x := range ast.Flatten(st.Body, ast.NotScope) {
		switch x.(type) {
		case *ast.Break, *ast.Continue, *ast.Return, *ast.Raise:
			return -1
		}
		for _, t := range ast.StmtTargets(x) {
			names := ast.TargetNames(t)
			if slices.Contains(names, name.ID) {
				binds++
			}
			for _, n := range names {
				if readsName(bound, n) {
					return -1 // the bound changes as the loop runs
				}
			}
		}
	}
	if binds != 1 {
		return -1
	}
	start, ok1 := s.knownIntOf(name)
	end, ok2 := s.knownIntOf(bound)
	if !ok1 || !ok2 {
		return -1
	}
	return countedTrips(start, end, step, op)
}

// countedTrips is the number of values start, start+step, … for which `value op end` holds, or
// -1 when the count is not finite.
func countedTrips(start, end, step int64, op ast.CmpOp) int64 {
	ceilDiv := func(a, b int64) int64 { return (a + b - 1) / b } // a >= 0, b > 0
	switch {
	case op == ast.Lt && step > 0:
		return max(0, ceilDiv(max(0, end-start), step))
	case op == ast.LtE && step > 0:
		if end < start {
			return 0
		}
		return (end-start)/step + 1
	case op == ast.Gt && step < 0:
		return max(0, ceilDiv(max(0, start-end), -step))
	case op == ast.GtE && step < 0:
		if start < end {
			return 0
		}
		return (start-end)/(-step) + 1
	case op == ast.NotEq && step != 0 && (end-start)%step == 0 && (end-start)/step >= 0:
		return (end - start) / step
	}
	return -1
}

// flipCmp returns the operator that compares the operands the other way round (`n > i` is `i < n`).
func flipCmp(op ast.CmpOp) ast.CmpOp {
	switch op {
	case ast.Lt:
		return ast.Gt
	case ast.LtE:
		return ast.GtE
	case ast.Gt:
		return ast.Lt
	case ast.GtE:
		return ast.LtE
	}
	return op
}

// counterStep returns c when exactly one of body's own statements (not one nested in a block)
// steps name by the integer constant c: `name += c`, `name -= c`, `name = name + c`.
func counterStep(body []ast.Stmt, name string) (int64, bool) {
	var step int64
	found := 0
	for _, st := range body {
		var op ast.Operator
		var by ast.Expr
		switch st := st.(type) {
		case *ast.AugAssign:
			if t, ok := st.Target.(*ast.Name); !ok || t.ID != name {
				continue
			}
			op, by = st.Op, st.Value
		case *ast.Assign:
			if len(st.Targets) != 1 {
				continue
			}
			t, ok := st.Targets[0].(*ast.Name)
			b, isBin := st.Value.(*ast.BinOp)
			if !ok || t.ID != name || !isBin {
				continue
			}
			if l, ok := b.Left.(*ast.Name); !ok || l.ID != name {
				continue
			}
			op, by = b.Op, b.Right
		default:
			continue
		}
		c, ok := by.(*ast.Constant)
		if !ok || c.Value.Kind != ast.ConstInt || c.Value.Big != nil {
			return 0, false
		}
		switch op {
		case ast.Add:
			step = c.Value.Int
		case ast.Sub:
			step = -c.Value.Int
		default:
			return 0, false
		}
		found++
	}
	return step, found == 1 && step != 0
}

// plainBound reports whether e is a name, a number, or arithmetic on them.
func plainBound(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Name:
		return true
	case *ast.Constant:
		return e.Value.Kind == ast.ConstInt
	case *ast.BinOp:
		return plainBound(e.Left) && plainBound(e.Right)
	case *ast.UnaryOp:
		return plainBound(e.Operand)
	}
	return false
}

// readsName reports whether e reads the name n.
func readsName(e ast.Expr, n string) bool {
	found := false
	ast.Inspect(e, func(x ast.Node) bool {
		if m, ok := x.(*ast.Name); ok && m.ID == n {
			found = true
		}
		return !found
	})
	return found
}

// knownIntOf evaluates e, a plain bound or a name, to a known integer.
func (s *Interp) knownIntOf(e ast.Expr) (int64, bool) {
	v := s.eval(e)
	n, ok := v.(vInt)
	return n.n, ok && n.known
}
