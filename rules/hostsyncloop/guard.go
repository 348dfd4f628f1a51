package hostsyncloop

import "github.com/arraylint/arraylint/pyparse/ast"

// This file works out which guards let a statement run on a few iterations only: a test on the
// iteration counter that holds once (`i == n // 2`) or below a small bound (`i <= 3`), alone or
// combined so that the combination still holds on a few (`verbose and (i <= 3 or i == n)`).

// counters returns the names that count a loop's iterations: the index of `for i in range(…)`
// or `for i, x in enumerate(…)`, and a name the body increments by a literal (`i += 1`).
func counters(loop ast.Node) map[string]bool {
	out := map[string]bool{}
	var body []ast.Stmt
	switch l := loop.(type) {
	case *ast.For:
		body = l.Body
		if c, ok := l.Iter.(*ast.Call); ok {
			if fn, ok := c.Func.(*ast.Name); ok {
				switch {
				case fn.ID == "range":
					if n, ok := l.Target.(*ast.Name); ok {
						out[n.ID] = true
					}
				case fn.ID == "enumerate":
					if t, ok := l.Target.(*ast.Tuple); ok && len(t.Elts) == 2 {
						if n, ok := t.Elts[0].(*ast.Name); ok {
							out[n.ID] = true
						}
					}
				}
			}
		}
	case *ast.While:
		body = l.Body
	}
	for _, st := range ownStmts(body) {
		a, ok := st.(*ast.AugAssign)
		if !ok || a.Op != ast.Add {
			continue
		}
		n, isName := a.Target.(*ast.Name)
		c, isConst := a.Value.(*ast.Constant)
		if isName && isConst && c.Value.Kind == ast.ConstInt && c.Value.Int > 0 {
			out[n.ID] = true
		}
	}
	return out
}

// few reports whether test (its negation when neg) holds on a few iterations of a loop with
// this body and these counters only.
func few(test ast.Expr, counters map[string]bool, body []ast.Stmt, neg bool) bool {
	if len(counters) == 0 {
		return false
	}
	switch x := test.(type) {
	case *ast.BoolOp:
		// a conjunction is as rare as its rarest part, a disjunction as its most frequent
		all := x.Op == ast.Or != neg
		for _, v := range x.Values {
			f := few(v, counters, body, neg)
			if all && !f {
				return false
			}
			if !all && f {
				return true
			}
		}
		return all
	case *ast.UnaryOp:
		return x.Op == ast.Not && few(x.Operand, counters, body, !neg)
	case *ast.Compare:
		if len(x.Ops) != 1 {
			return false
		}
		left, op, right := x.Left, x.Ops[0], x.Comparators[0]
		if !counting(left, counters) {
			left, right = right, left
			op = mirrored(op)
		}
		if !counting(left, counters) || !invariant(right, body) {
			return false
		}
		if neg {
			op = negated(op)
		}
		switch op {
		case ast.Eq:
			return true // at most once: the counter takes each value once
		case ast.Lt, ast.LtE:
			c, ok := right.(*ast.Constant)
			return ok && c.Value.Kind == ast.ConstInt && c.Value.Int < fewTrips
		}
	}
	return false
}

// counting reports whether e is a counter, or a counter plus or minus a literal.
func counting(e ast.Expr, counters map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Name:
		return counters[x.ID]
	case *ast.BinOp:
		if x.Op != ast.Add && x.Op != ast.Sub {
			return false
		}
		_, ok := x.Right.(*ast.Constant)
		return ok && counting(x.Left, counters)
	}
	return false
}

// invariant reports whether e reads no name the loop body assigns.
func invariant(e ast.Expr, body []ast.Stmt) bool {
	assigned := map[string]bool{}
	for _, st := range ast.Flatten(body, ast.NotScope) {
		for _, t := range ast.StmtTargets(st) {
			for _, n := range ast.TargetNames(t) {
				assigned[n] = true
			}
		}
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if x, isName := n.(*ast.Name); isName && assigned[x.ID] {
			ok = false
		}
		return ok
	})
	return ok
}

// mirrored is the operator that compares b with a as op compares a with b.
func mirrored(op ast.CmpOp) ast.CmpOp {
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

// negated is the operator that holds exactly when op does not (for numbers).
func negated(op ast.CmpOp) ast.CmpOp {
	switch op {
	case ast.Eq:
		return ast.NotEq
	case ast.NotEq:
		return ast.Eq
	case ast.Lt:
		return ast.GtE
	case ast.LtE:
		return ast.Gt
	case ast.Gt:
		return ast.LtE
	case ast.GtE:
		return ast.Lt
	}
	return ast.In // no numeric negation: never few
}
