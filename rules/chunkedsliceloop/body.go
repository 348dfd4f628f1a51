package chunkedsliceloop

import (
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file decides whether a loop body does only elementwise or masked work on its chunk:
// no I/O, no calls other than array ufuncs, no dependence carried between iterations, and every
// use of the loop variable inside a chunk slice bound.

// bodyCheck walks one loop body.
type bodyCheck struct {
	info     *arrays.Info
	c        *chunk
	assigned map[string]bool // every name the body binds
	uppers   map[string]bool // names bound to the chunk's end: `stop = min(s + K, n)`
	defined  map[string]bool // names bound so far in this iteration
	slices   int             // chunk slices seen
}

func checkBody(info *arrays.Info, loop *ast.For, c chunk) bool {
	if len(loop.Orelse) > 0 {
		return false
	}
	b := &bodyCheck{info: info, c: &c, assigned: map[string]bool{}, defined: map[string]bool{}, uppers: map[string]bool{}}
	for _, st := range loop.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			if nm, ok := n.(*ast.Name); ok && nm.Ctx == ast.Store {
				b.assigned[nm.ID] = true
			}
			return true
		})
	}
	if b.assigned[c.v] {
		return false // the loop variable is rebound inside the body
	}
	for _, st := range loop.Body {
		if name, ok := b.upperAssign(st); ok {
			if b.uppers[name] {
				return false // bound twice: keep it simple
			}
			b.uppers[name], b.defined[name] = true, true
			continue
		}
		if !b.stmt(st) {
			return false
		}
	}
	if b.slices == 0 {
		return false
	}
	return true
}

func (b *bodyCheck) stmt(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.Assign:
		if !b.expr(st.Value) {
			return false
		}
		for _, t := range st.Targets {
			if !b.store(t) {
				return false
			}
		}
		return true
	case *ast.AugAssign:
		if !b.expr(st.Value) {
			return false
		}
		if n, ok := st.Target.(*ast.Name); ok {
			return b.defined[n.ID] // a running total across iterations is a carried dependence
		}
		return b.store(st.Target)
	case *ast.ExprStmt:
		call, ok := st.Value.(*ast.Call)
		if !ok {
			return false
		}
		if _, hasOut := keyword(call, "out"); !hasOut {
			return false // an expression statement without out= is only there for a side effect
		}
		return b.expr(call)
	case *ast.Pass:
		return true
	}
	return false
}

// store checks an assignment target and records the names it binds.
func (b *bodyCheck) store(t ast.Expr) bool {
	switch t := t.(type) {
	case *ast.Name:
		b.defined[t.ID] = true
		return true
	case *ast.Tuple:
		for _, el := range t.Elts {
			if !b.store(el) {
				return false
			}
		}
		return true
	case *ast.Subscript:
		return b.subscript(t)
	}
	return false
}

// subscript accepts a chunk slice of any array, or any index into a chunk-local array.
func (b *bodyCheck) subscript(s *ast.Subscript) bool {
	if b.isChunkIndex(s.Slice) {
		b.slices++
		if b.c.array == nil {
			b.c.array = s.Value
		}
		return b.expr(s.Value)
	}
	base, ok := s.Value.(*ast.Name)
	if !ok || !b.defined[base.ID] {
		return false // indexing an outer array other than by the chunk reaches outside the chunk
	}
	return b.expr(s.Slice)
}

func (b *bodyCheck) expr(e ast.Expr) bool {
	switch e := e.(type) {
	case nil:
		return true
	case *ast.Name:
		if e.ID == b.c.v {
			return false // the loop index used outside a chunk bound: per-element or positional work
		}
		if b.assigned[e.ID] && !b.defined[e.ID] {
			return false // read before this iteration binds it: carried from the previous one
		}
		return true
	case *ast.Constant:
		return true
	case *ast.BinOp:
		return b.expr(e.Left) && b.expr(e.Right)
	case *ast.UnaryOp:
		return b.expr(e.Operand)
	case *ast.Compare:
		if !b.expr(e.Left) {
			return false
		}
		for _, c := range e.Comparators {
			if !b.expr(c) {
				return false
			}
		}
		return true
	case *ast.Subscript:
		return b.subscript(e)
	case *ast.Slice:
		return b.expr(e.Lower) && b.expr(e.Upper) && b.expr(e.Step)
	case *ast.Tuple:
		for _, el := range e.Elts {
			if !b.expr(el) {
				return false
			}
		}
		return true
	case *ast.Attribute:
		switch e.Attr {
		case "T", "real", "imag":
			return b.expr(e.Value)
		}
		_, isModule := b.info.Imports().Resolve(e)
		return isModule && isDTypeOrConst(b.info, e)
	case *ast.Call:
		return b.call(e)
	}
	return false
}

func isDTypeOrConst(info *arrays.Info, e ast.Expr) bool {
	if _, ok := info.DTypeOf(e); ok {
		return true
	}
	ref, _ := info.Imports().Resolve(e)
	switch ref.API {
	case "pi", "e", "inf", "nan", "newaxis":
		return true
	}
	return false
}

// call accepts elementwise array functions only.
func (b *bodyCheck) call(c *ast.Call) bool {
	callee, ok := b.info.Callee(c)
	if !ok {
		return false
	}
	f := callee.Func
	switch {
	case f.Kind == npapi.Ufunc:
	case f.Kind == npapi.Index && f.Name == "where" && len(c.Args) == 3:
	case callee.Method && (f.Name == "astype" || f.Name == "copy"):
	default:
		return false
	}
	if callee.Method && !b.expr(callee.Recv) {
		return false
	}
	for _, a := range c.Args {
		if !b.expr(a) {
			return false
		}
	}
	for _, k := range c.Keywords {
		if k.Arg == "" || !b.expr(k.Value) {
			return false
		}
	}
	return true
}

func keyword(call *ast.Call, name string) (ast.Expr, bool) {
	for _, k := range call.Keywords {
		if k.Arg == name {
			return k.Value, true
		}
	}
	return nil, false
}

// isChunkIndex reports whether x selects the current chunk: a chunk slice, or a tuple whose first
// item is one and whose other items are full slices.
func (b *bodyCheck) isChunkIndex(x ast.Expr) bool {
	if t, ok := x.(*ast.Tuple); ok && len(t.Elts) > 0 {
		for _, el := range t.Elts[1:] {
			s, ok := el.(*ast.Slice)
			if !ok || s.Lower != nil || s.Upper != nil || s.Step != nil {
				return false
			}
		}
		x = t.Elts[0]
	}
	s, ok := x.(*ast.Slice)
	if !ok || s.Step != nil {
		return false
	}
	if b.c.scaled {
		k, ok := scaledBounds(b.info, s, b.c.v)
		return ok && k == b.c.size
	}
	lo, ok := s.Lower.(*ast.Name)
	if !ok || lo.ID != b.c.v {
		return false
	}
	return b.upperIsChunk(s.Upper)
}

// upperAssign recognizes `stop = s + K` / `stop = min(s + K, n)` in the non-scaled form.
func (b *bodyCheck) upperAssign(st ast.Stmt) (string, bool) {
	asg, ok := st.(*ast.Assign)
	if !ok || len(asg.Targets) != 1 || b.c.scaled {
		return "", false
	}
	n, ok := asg.Targets[0].(*ast.Name)
	if !ok || !b.upperIsChunk(asg.Value) {
		return "", false
	}
	return n.ID, true
}

// upperIsChunk matches `v + K`, `K + v` and `min(v + K, n)` with K the chunk size, or a name
// bound to one of them earlier in the body.
func (b *bodyCheck) upperIsChunk(u ast.Expr) bool {
	if n, ok := u.(*ast.Name); ok && b.uppers[n.ID] {
		return true
	}
	if c, ok := u.(*ast.Call); ok {
		if n, ok := c.Func.(*ast.Name); ok && n.ID == "min" && len(c.Args) == 2 && len(c.Keywords) == 0 {
			for i, a := range c.Args {
				if b.upperIsChunk(a) && b.expr(c.Args[1-i]) {
					return true
				}
			}
		}
		return false
	}
	bin, ok := u.(*ast.BinOp)
	if !ok || bin.Op != ast.Add {
		return false
	}
	for _, pair := range [][2]ast.Expr{{bin.Left, bin.Right}, {bin.Right, bin.Left}} {
		if n, ok := pair[0].(*ast.Name); ok && n.ID == b.c.v {
			if k, ok := b.info.Int(pair[1]); ok && k == b.c.size {
				return true
			}
		}
	}
	return false
}

// scaledBounds matches `i*K:(i+1)*K` (also `K*i:K*(i+1)`) and returns K.
func scaledBounds(info *arrays.Info, s *ast.Slice, v string) (int64, bool) {
	lo, ok1 := s.Lower.(*ast.BinOp)
	hi, ok2 := s.Upper.(*ast.BinOp)
	if !ok1 || !ok2 || lo.Op != ast.Mult || hi.Op != ast.Mult || s.Step != nil {
		return 0, false
	}
	lv, lk, ok := split(lo, func(x ast.Expr) bool { return isName(x, v) })
	if !ok {
		return 0, false
	}
	_ = lv
	_, hk, ok := split(hi, func(x ast.Expr) bool { return isIncrement(info, x, v) })
	if !ok || !arrays.SameExpr(lk, hk) {
		return 0, false
	}
	return info.Int(lk)
}

// split returns the factor of a product matching pred and the other factor.
func split(m *ast.BinOp, pred func(ast.Expr) bool) (ast.Expr, ast.Expr, bool) {
	switch {
	case pred(m.Left):
		return m.Left, m.Right, true
	case pred(m.Right):
		return m.Right, m.Left, true
	}
	return nil, nil, false
}

func isName(x ast.Expr, v string) bool {
	n, ok := x.(*ast.Name)
	return ok && n.ID == v
}

// isIncrement matches `v + 1` and `1 + v`.
func isIncrement(info *arrays.Info, x ast.Expr, v string) bool {
	b, ok := x.(*ast.BinOp)
	if !ok || b.Op != ast.Add {
		return false
	}
	for _, pair := range [][2]ast.Expr{{b.Left, b.Right}, {b.Right, b.Left}} {
		if isName(pair[0], v) {
			if k, ok := info.Int(pair[1]); ok && k == 1 {
				return true
			}
		}
	}
	return false
}
