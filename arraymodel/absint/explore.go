package absint

import (
	"maps"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines explore mode (Strategy.Paths ExploreAllPaths), in which a run infers what
// every expression may hold rather than following one path: both branches of every `if` (and
// each `match` case, each `except` handler, both arms of a conditional expression) run from the
// same state and the states are joined after; a loop runs its body twice and is joined with
// the state before it (it may not run at all); every comprehension is evaluated. Values that
// differ between paths join into what both have in common (joinValues). The heap of an explore
// run keeps nothing that must balance (reference counts are not exact there).

// vars is a frame's bindings.
type vars = map[string]value

// snapshot returns a shallow copy of the current frame's bindings: values are never changed in
// place by a rebinding, so the copy is the state to come back to.
func (s *Interp) snapshot() vars { return maps.Clone(s.top().vars) }

// joinVars joins two states of a frame into a, which the caller owns: a name bound on both
// sides to different values gets their join; a name bound on one side only is unknown.
func joinVars(a, b vars) vars {
	for k, v := range a {
		if w, ok := b[k]; ok {
			if !sameValue(v, w) {
				a[k] = joinValues(v, w)
			}
		} else {
			a[k] = vUnknown{}
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			a[k] = vUnknown{}
		}
	}
	return a
}

// sameValue reports, cheaply, whether a and b are the same value (the same array, the same
// int, the same module…); false means they may differ.
func sameValue(a, b value) bool {
	switch a := a.(type) {
	case vArray:
		b, ok := b.(vArray)
		return ok && a.o == b.o
	case vInt:
		b, ok := b.(vInt)
		return ok && a.known && b.known && a.n == b.n
	case vNone:
		_, ok := b.(vNone)
		return ok
	case vFunc:
		b, ok := b.(vFunc)
		return ok && a.def == b.def
	case vUnknown:
		b, ok := b.(vUnknown)
		return ok && a == b
	}
	return false
}

// branches runs each of blocks from the state before it and leaves the frame in the join of
// the states the blocks that fall through end in (a block that returns, raises, breaks or
// continues leaves nothing to join). With no block falling through, the frame is done.
func (s *Interp) branches(blocks ...[]ast.Stmt) {
	f := s.top()
	before := f.vars
	var out vars
	through := false
	brk, cont := false, false
	for i, b := range blocks {
		// every block but the last starts from a copy; the last may use the state itself
		if i < len(blocks)-1 {
			f.vars = maps.Clone(before)
		} else {
			f.vars = before
		}
		f.done, f.brk, f.cont = false, false, false
		s.execBlock(b)
		brk, cont = brk || f.brk, cont || f.cont
		if f.done || f.brk || f.cont {
			continue
		}
		if !through {
			out, through = f.vars, true
		} else {
			out = joinVars(out, f.vars)
		}
	}
	f.done, f.brk, f.cont = false, false, false
	if !through {
		f.done = !brk && !cont
		f.brk, f.cont = brk, cont && !brk
		return
	}
	f.vars = out
}

// exploreIf runs both branches of an if, or only the one a literal test takes (`if False:`
// disables code, which is then not run: eighth held-out corpus, sasmodels' demo script), or the
// one a test of a command-line option takes with the option's default (`if args.P == 32:`
// picks the dtype the program runs with unless told otherwise).
func (s *Interp) exploreIf(st *ast.If) {
	v := s.eval(st.Test)
	s.decref(v)
	if t := truth(v); t >= 0 {
		// (the test's walk for a command-line read only when the value decides something)
		if _, literal := st.Test.(*ast.Constant); literal || s.readsCommandLine(st.Test) {
			if t == 0 {
				s.branches(st.Orelse)
			} else {
				s.branches(st.Body)
			}
			return
		}
	}
	s.branches(st.Body, st.Orelse)
}

// exploreLoop runs a loop's body twice (the second time from the first's end state, so loop-
// carried values are seen changing) and joins the result with the state before the loop.
func (s *Interp) exploreLoop(bind func(), body, orelse []ast.Stmt) {
	f := s.top()
	before := s.snapshot()
	for i := 0; i < 2 && !f.done; i++ {
		bind()
		s.execBlock(body)
		f.brk, f.cont = false, false
	}
	if f.done {
		f.done = false
	}
	f.vars = joinVars(f.vars, before)
	s.execBlock(orelse)
}

// exploreTry runs a try statement's body and else block, then each handler from the join of
// the states before and after the body (an exception may come at any point), and joins them.
func (s *Interp) exploreTry(body []ast.Stmt, handlers []*ast.ExceptHandler, orelse, final []ast.Stmt) {
	f := s.top()
	before := s.snapshot()
	s.execBlock(body)
	if !f.done {
		s.execBlock(orelse)
	}
	out, through := f.vars, !f.done
	start := joinVars(maps.Clone(f.vars), before)
	for _, h := range handlers {
		f.vars = maps.Clone(start)
		f.done = false
		s.decref(s.eval(h.Type))
		if h.Name != "" {
			s.bindName(h.Name, vUnknown{})
		}
		s.execBlock(h.Body)
		if f.done {
			continue
		}
		if through {
			out = joinVars(out, f.vars)
		} else {
			out, through = f.vars, true
		}
	}
	f.vars, f.done = out, !through
	s.execFinally(final)
}

// exploreMatch runs each case of a match statement from the state before it, its capture names
// unknown, and joins the states (with the state before: no case may match).
func (s *Interp) exploreMatch(st *ast.Match) {
	s.decref(s.eval(st.Subject))
	blocks := make([][]ast.Stmt, 0, len(st.Cases)+1)
	for _, c := range st.Cases {
		c := c
		blocks = append(blocks, append([]ast.Stmt{&caseStart{Pass: ast.Pass{Range: c.Range}, c: c}}, c.Body...))
	}
	blocks = append(blocks, nil)
	s.branches(blocks...)
}

// caseStart is a pseudo-statement that binds a match case's captures and evaluates its guard.
type caseStart struct {
	ast.Pass
	c *ast.MatchCase
}

func (s *Interp) startCase(c *ast.MatchCase) {
	ast.Inspect(c.Pattern, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.MatchAs:
			if n.Name != "" {
				s.bindName(n.Name, vUnknown{})
			}
		case *ast.MatchStar:
			if n.Name != "" {
				s.bindName(n.Name, vUnknown{})
			}
		case *ast.MatchMapping:
			if n.Rest != "" {
				s.bindName(n.Rest, vUnknown{})
			}
		}
		return true
	})
	if c.Guard != nil {
		s.decref(s.eval(c.Guard))
	}
}

// numberOnOnePath joins a number on one path with a value the interpreter cannot see into on the
// other (a parameter, a value read from **kwargs, an unknown call's result): the variable is
// taken to hold a number on both, of unknown value. Code keeps a variable's kind across the
// paths that bind it (`if "endHue" in kwargs: rot = kwargs.get("endHue") / 360.` beside
// `rot=1`), and an operand taken as an input where it is a number makes the arrays computed
// from it look data-sized (bench/precision.md, second held-out corpus).
func numberOnOnePath(a, b value) (value, bool) {
	if _, ok := a.(vUnknown); ok {
		a, b = b, a
	}
	if _, ok := b.(vUnknown); !ok {
		return nil, false
	}
	switch a := a.(type) {
	case vInt:
		return vInt{data: a.data && !a.known}, true
	case vFloat:
		return a, true
	}
	return nil, false
}

// JoinValues is what an expression holds when it holds a on one path and b on another.
func JoinValues(a, b Value) Value { return joinValues(a, b) }

// joinValues is what a name holds when it holds a on one path and b on another.
func joinValues(a, b value) value {
	if n, ok := numberOnOnePath(a, b); ok {
		return n
	}
	switch a := a.(type) {
	case vArray:
		if b, ok := b.(vArray); ok {
			if a.o == b.o {
				return a
			}
			return vArray{joinObjs(a.o, b.o)}
		}
	case vInt:
		if b, ok := b.(vInt); ok {
			if a.known && b.known && a.n == b.n {
				return a
			}
			if !a.known && !b.known && a.sym.Equal(b.sym) {
				return vInt{sym: a.sym, data: a.data && b.data}
			}
			return vInt{data: a.data && b.data && !a.known && !b.known}
		}
	case vFloat:
		if b, ok := b.(vFloat); ok {
			if a == b {
				return a
			}
			return vFloat{complex: a.complex || b.complex}
		}
	case vTuple:
		if b, ok := b.(vTuple); ok && len(a.elts) == len(b.elts) {
			elts := make([]value, len(a.elts))
			for i := range a.elts {
				elts[i] = joinValues(a.elts[i], b.elts[i])
			}
			return vTuple{elts}
		}
	case vStr:
		if b, ok := b.(vStr); ok && a == b {
			return a
		}
	case vDType:
		if b, ok := b.(vDType); ok && a == b {
			return a
		}
	case vNone:
		if _, ok := b.(vNone); ok {
			return a
		}
	case vModule:
		if b, ok := b.(vModule); ok && a.ref.Qual == b.ref.Qual {
			return a
		}
	case vFunc:
		if b, ok := b.(vFunc); ok && a.def == b.def {
			return a
		}
	case vRNG:
		if b, ok := b.(vRNG); ok && a == b {
			return a
		}
	case vNamespace:
		if _, ok := b.(vNamespace); ok {
			return a
		}
	case vUnknown:
		if b, ok := b.(vUnknown); ok && a.sym.Equal(b.sym) {
			return a // a parameter on both paths keeps its symbol
		}
	case vLocal:
		if _, ok := b.(vLocal); ok {
			return a
		}
	case vShapeOf:
		if b, ok := b.(vShapeOf); ok && a == b {
			return a
		}
	case vList:
		if b, ok := b.(vList); ok && a.l == b.l {
			return a
		}
	case vDict:
		if b, ok := b.(vDict); ok && a.l == b.l {
			return a
		}
	}
	if notInput(a) && notInput(b) {
		// an array the code made on one path, a number or a container of its own on the other
		// (np.array(x.mean(axis=0)) and np.mean(x, axis=0)): unknown, but still not an input
		return vLocal{}
	}
	return vUnknown{}
}

// notInput reports whether v is a value the code made that is not an input of the program: an
// array that does not scale, a number not marked as data, None, a container of its own (vLocal).
func notInput(v value) bool {
	switch v := v.(type) {
	case vArray:
		return !scales(v.o)
	case vInt:
		return !v.data
	case vFloat, vLocal, vNone:
		return true
	}
	return false
}

// joinObjs is an array that is a on one path and b on another: what the two have in common,
// with both recorded (Obj.Joined) so a client can join what it knows of them.
func joinObjs(a, b *Obj) *Obj {
	out := &Obj{refs: 1, origin: External, joined: []*Obj{a, b}, data: scales(a) && scales(b)}
	if a.dt == b.dt {
		out.dt = a.dt
	}
	if a.backend == b.backend {
		out.backend = a.backend
	}
	if a.origin == b.origin {
		out.origin = a.origin
	}
	if a.node == b.node {
		out.node = a.node
	}
	if a.base == b.base {
		out.base = a.base
	} else if out.origin == View {
		out.origin = External
	}
	if a.shape.Known && b.shape.Known {
		if dims := npapi.JoinShapes(a.shape.Dims, b.shape.Dims); dims != nil {
			out.shape = Shape{Dims: dims, Known: true}
		}
	}
	return out
}

// comprehension evaluates a comprehension or generator expression for what its parts hold:
// each generator's iterable, its target bound to one element (an int of a range(), a row of
// an array), its conditions, then the element expressions. Its targets do not leak into the
// enclosing scope; an assignment expression (`:=`) in it binds there, as in Python. The value
// is a container of unknown length.
func (s *Interp) comprehension(gens []*ast.Comprehension, elts ...ast.Expr) value {
	f := s.top()
	saved := map[string]value{}
	had := map[string]bool{}
	for _, g := range gens {
		if g == nil || g.Target == nil {
			continue
		}
		ast.Inspect(g.Target, func(n ast.Node) bool {
			if nm, ok := n.(*ast.Name); ok {
				if v, ok := f.vars[nm.ID]; ok && !had[nm.ID] {
					saved[nm.ID] = v
				}
				had[nm.ID] = true
			}
			return true
		})
	}
	for _, g := range gens {
		if g == nil {
			continue
		}
		it := s.eval(g.Iter)
		ite := s.iterationOf(it)
		if g.Target != nil {
			s.assign(g.Target, ite.elem(0))
		}
		s.decref(it)
		for _, c := range g.Ifs {
			s.decref(s.eval(c))
		}
	}
	for _, e := range elts {
		s.decref(s.eval(e))
	}
	for name := range had {
		if v, ok := saved[name]; ok {
			f.vars[name] = v
		} else {
			delete(f.vars, name)
		}
	}
	return vLocal{} // a container the code builds: not an input
}

// exploreDef evaluates, in explore mode, what a def or class statement evaluates where it
// stands: decorators, parameter defaults, base classes (their bodies are scopes of their own).
func (s *Interp) exploreDef(decos []ast.Expr, args *ast.Arguments, bases []ast.Expr) {
	if !s.cfg.Strategy.observesEveryExpr() {
		return
	}
	for _, x := range decos {
		s.decref(s.eval(x))
	}
	if args != nil {
		for _, x := range args.Defaults {
			s.decref(s.eval(x))
		}
		for _, x := range args.KwDefaults {
			if x != nil {
				s.decref(s.eval(x))
			}
		}
	}
	for _, x := range bases {
		s.decref(s.eval(x))
	}
}

// readsCommandLine reports whether e reads the program's command line: an option of a parsed
// one (`args.P`, with args bound to parse_args() or a harness's parse) or sys.argv.
func (s *Interp) readsCommandLine(e ast.Expr) bool {
	names := s.namespaceNames()
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if at, ok := n.(*ast.Attribute); ok {
			if x, ok := at.Value.(*ast.Name); ok && (names[x.ID] || at.Attr == "argv" && x.ID == "sys") {
				found = true
			}
		}
		return !found
	})
	return found
}
