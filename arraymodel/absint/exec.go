package absint

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines how statements run: bindings, deletes, loops, branches and calls into
// functions of the analysed file.

// execBlock runs stmts in order until a return, raise, break or continue.
func (s *Interp) execBlock(stmts []ast.Stmt) {
	f := s.top()
	for i, st := range stmts {
		if f.done || f.brk || f.cont || s.exhausted {
			return
		}
		if s.steps++; s.steps > s.budget() {
			s.exhausted = true
			s.unknown = append(s.unknown, Unknown{Line: s.lineOf(st), Expr: s.text(st),
				Reason: fmt.Sprintf(budgetCutReason+"%d statements (max-steps) exhausted: the rest of the scope is not estimated", s.budget())})
			return
		}
		if !s.cfg.Strategy.countsAtLines() {
			s.exec(st) // no heap: the lines allocations count at are not needed
			continue
		}
		s.reads = nil
		s.lines = append(s.lines, s.lineOf(st))
		if f == s.root {
			s.cur = s.lineOf(st)
		}
		s.exec(st)
		s.lines = s.lines[:len(s.lines)-1]
		if f.jit && f.fn != nil && len(stmts) > 0 && len(f.fn.Body) > 0 && &stmts[0] == &f.fn.Body[0] {
			s.dropDead(stmts, i)
		}
	}
}

func (s *Interp) exec(st ast.Stmt) {
	f := s.top()
	switch st := st.(type) {
	case *ast.Assign:
		s.pending, s.pendingValue = "", nil
		if len(st.Targets) == 1 {
			switch t := st.Targets[0].(type) {
			case *ast.Name:
				s.pending, s.pendingValue = t.ID, st.Value
			case *ast.Attribute:
				if s.cfg.Strategy.countsAtLines() {
					s.pending, s.pendingValue = s.text(t), st.Value // self.grid = np.zeros(…)
				}
			}
		}
		v := s.eval(st.Value)
		s.pending, s.pendingValue = "", nil
		for i, t := range st.Targets {
			if i < len(st.Targets)-1 {
				incref(v)
			}
			s.assign(t, v)
		}
	case *ast.AnnAssign:
		if c, ok := st.Value.(*ast.Call); ok && f.class && calleeName(c) == "field" {
			s.assign(st.Target, vUnknown{}) // a dataclass's field(…): a Field object, made of nothing
			return
		}
		if st.Value != nil {
			s.assign(st.Target, s.eval(st.Value))
		}
	case *ast.AugAssign:
		s.augAssign(st)
	case *ast.Delete:
		for _, t := range st.Targets {
			s.del(t)
		}
	case *ast.ExprStmt:
		saved := s.discarded
		s.discarded = st.Value
		s.decref(s.eval(st.Value))
		s.discarded = saved
	case *ast.Return:
		if st.Value != nil {
			f.ret = s.eval(st.Value)
		} else {
			f.ret = vNone{}
		}
		f.done, f.raised = true, ""
		f.retLine = s.lineOf(st)
	case *ast.Raise:
		f.done, f.raised = true, raisedName(st)
	case *ast.Import, *ast.ImportFrom:
		if s.cfg.Strategy.followsProgram() && s.imp.Optional(st) {
			// a module arraylint does not model, imported where its absence is handled: taken
			// to be absent, so the fallback the code provides runs (imports/optional.go)
			f.done, f.raised = true, "ModuleNotFoundError"
		}
	case *ast.If:
		if s.cfg.Strategy.joinsPaths() {
			s.exploreIf(st)
			return
		}
		s.execIf(st)
	case *ast.For:
		s.execFor(st.Target, st.Iter, st.Body, st.Orelse, st)
	case *ast.AsyncFor:
		s.execFor(st.Target, st.Iter, st.Body, st.Orelse, st)
	case *ast.While:
		if s.cfg.Strategy.joinsPaths() {
			s.exploreLoop(func() { s.decref(s.eval(st.Test)) }, st.Body, st.Orelse)
			return
		}
		s.execWhile(st)
	case *ast.Match:
		if s.cfg.Strategy.joinsPaths() {
			s.exploreMatch(st)
		}
	case *caseStart:
		s.startCase(st.c)
	case *ast.With:
		s.execWith(st.Items, st.Body)
	case *ast.AsyncWith:
		s.execWith(st.Items, st.Body)
	case *ast.Try:
		s.execTry(st.Body, st.Handlers, st.Orelse, st.Finalbody)
	case *ast.TryStar:
		s.execTry(st.Body, st.Handlers, st.Orelse, st.Finalbody)
	case *ast.FunctionDef:
		s.exploreDef(st.DecoratorList, st.Args, nil)
		if f.class {
			s.bindName(st.Name, s.methodValue(st))
			return
		}
		s.bindName(st.Name, s.funcValue(st))
	case *ast.AsyncFunctionDef:
		s.exploreDef(st.DecoratorList, st.Args, nil)
		if !s.cfg.Strategy.followsProgram() {
			s.bindName(st.Name, vUnknown{})
		}
	case *ast.ClassDef:
		s.exploreDef(st.DecoratorList, nil, st.Bases)
		if !s.cfg.Strategy.followsProgram() {
			s.bindName(st.Name, vUnknown{}) // the rules' facts come from each method's own body
			return
		}
		s.bindName(st.Name, s.makeClass(st))
	case *ast.Global:
		for _, n := range st.Names {
			f.globals[n] = true
		}
	case *ast.Break:
		f.brk = true
	case *ast.Continue:
		f.cont = true
	case *ast.Assert:
		s.decref(s.eval(st.Test))
	}
}

// execTry runs a try statement: its body, else block and finally block (a run follows the
// path without exceptions; explore mode runs the handlers too).
func (s *Interp) execTry(body []ast.Stmt, handlers []*ast.ExceptHandler, orelse, final []ast.Stmt) {
	if s.cfg.Strategy.joinsPaths() {
		s.exploreTry(body, handlers, orelse, final)
		return
	}
	f := s.top()
	f.raised = ""
	s.execBlock(body)
	if f.done && f.raised != "" {
		// a raise in the body (raise ImportError to take a fallback): the handler that
		// catches it runs, and the code after the try with it
		if h := imports.Catching(handlers, f.raised); h != nil {
			f.done, f.raised = false, ""
			if h.Name != "" {
				s.bindName(h.Name, vUnknown{})
			}
			s.execBlock(h.Body)
			s.execFinally(final)
			return
		}
	}
	if !f.done {
		s.execBlock(orelse)
	}
	s.execFinally(final)
}

// raisedName names the exception a raise statement raises (ImportError for `raise
// ImportError` and `raise ImportError("…")`), "?" when it cannot say, and "" for a bare raise
// (a re-raise, which no handler of the same try catches).
func raisedName(st *ast.Raise) string {
	e := st.Exc
	if e == nil {
		return ""
	}
	if c, ok := e.(*ast.Call); ok {
		e = c.Func
	}
	if n := ast.TailName(e); n != "" {
		return n
	}
	return "?"
}

func tupleElts(e ast.Expr) []ast.Expr {
	if t, ok := e.(*ast.Tuple); ok {
		return t.Elts
	}
	return nil
}

// budget returns how many statements a run may execute: maxSteps, or when it joins paths (each
// statement at most twice per enclosing loop, and no calls) maxExploreSteps.
func (s *Interp) budget() int {
	if s.cfg.Strategy.joinsPaths() {
		return maxExploreSteps
	}
	if s.cfg.MaxSteps > 0 {
		return s.cfg.MaxSteps
	}
	return maxSteps
}

// execFinally runs a finally block even after a return, keeping the return value.
func (s *Interp) execFinally(body []ast.Stmt) {
	f := s.top()
	done, ret := f.done, f.ret
	f.done = false
	s.execBlock(body)
	if !f.done {
		f.done, f.ret = done, ret
	}
}

// assign binds target to v, taking v's reference.
func (s *Interp) assign(t ast.Expr, v value) {
	switch t := t.(type) {
	case *ast.Name:
		if s.cfg.Observe != nil && s.top() == s.root {
			s.cfg.Observe(t, v)
		}
		s.bindName(t.ID, v)
	case *ast.Tuple:
		s.unpack(t.Elts, v)
	case *ast.List:
		s.unpack(t.Elts, v)
	case *ast.Starred:
		s.assign(t.Value, v)
	case *ast.Subscript:
		s.setItem(t, v)
	case *ast.Attribute:
		s.setAttr(t, v)
	default:
		s.decref(v)
	}
}

func (s *Interp) unpack(targets []ast.Expr, v value) {
	var elts []value
	switch v := v.(type) {
	case vTuple:
		elts = v.elts
	case vList:
		elts = v.l.elts
	case vLocal: // a, b = what the code made of no input: not inputs either
		for _, t := range targets {
			s.assign(t, vLocal{})
		}
		return
	case vShapeOf: // n, m = x.shape of an input of unknown rank
		for i, t := range targets {
			s.assign(t, s.shapeItem(v, int64(i)))
		}
		return
	case vArray:
		if o := v.o; o != nil && !o.shape.Known && s.cfg.Strategy.tracksProvenance() && !scales(o) {
			// w, v = np.linalg.eigh(G) of a G the table cannot size: parts of an array that
			// does not come from the data are not inputs either (provenance.go)
			for _, t := range targets {
				s.assign(t, vLocal{})
			}
			s.decref(v)
			return
		}
		// x, y = a: views a[0], a[1] along the first axis (np.mgrid[0:n, 0:m])
		if o := v.o; o != nil && o.shape.Known && len(o.shape.Dims) > 0 && !hasStarred(targets) {
			if d := o.shape.Dims[0]; !d.Known || d.N == int64(len(targets)) {
				for i, r := range s.arrayRows(o, len(targets)) {
					s.assign(targets[i], r)
				}
				s.decref(v)
				return
			}
		}
	}
	if len(elts) == len(targets) {
		for i, t := range targets {
			incref(elts[i])
			s.assign(t, elts[i])
		}
	} else {
		var from *madeBy
		if u, ok := v.(vUnknown); ok {
			from = u.from // rows, cols = draw.ellipse(…)
		}
		for _, t := range targets {
			s.assign(t, vUnknown{from: from})
		}
	}
	s.decref(v)
}

// arrayRows are the first n rows of o, as iterating it gives them: views along its first axis
// (`x, y = np.mgrid[0:n, 0:m]`, `f(*np.indices(shape))`).
func (s *Interp) arrayRows(o *Obj, n int) []value {
	row := Shape{Dims: o.shape.Dims[1:], Known: true}
	rows := make([]value, n)
	for i := range rows {
		v := s.view(o, row, o.dt, o.label+"["+strconv.Itoa(i)+"]")
		v.o.cview = true // a[i]: C-contiguous when a is (contiguous)
		rows[i] = v
	}
	return rows
}

func hasStarred(targets []ast.Expr) bool {
	for _, t := range targets {
		if _, ok := t.(*ast.Starred); ok {
			return true
		}
	}
	return false
}

// setItem runs `base[idx] = v`: NumPy writes in place (no allocation); Legate touches the range.
func (s *Interp) setItem(t *ast.Subscript, v value) {
	base := s.eval(t.Value)
	idx := s.evalIndex(t.Slice)
	if o, ok := isArray(base); ok {
		for _, x := range idx.vals {
			s.usedAsArray(x) // footprint[rows, cols] = 1 with rows, cols = draw.ellipse(…)
		}
		if s.cfg.Strategy.observesEveryExpr() && s.cfg.Observe != nil && basicIndex(idx) {
			// the rules read the part written as a fact of the target (`new[1:-1, 1:-1] = …`)
			view := s.indexArray(o, idx, t)
			s.cfg.Observe(t, view)
			s.decref(view)
		}
		s.use(v)
		if o.sparse != nil {
			// A[i, j] = v stores entries: a LIL row's lists, or CSR's arrays, grow by them
			s.addUnknown(t, s.text(t), "entries stored into a scipy.sparse matrix ("+o.sparse.Format+") are not counted", nil, "")
		}
		lo, hi, sliced := s.sliceRange(o, idx)
		s.touchRange(o, lo, hi, sliced)
	} else if d, ok := base.(vDict); ok {
		w := acyclic(v, d.l) // d[k] = v: the dict now holds v, in place of what k held
		incref(w)
		d.l.keepKeyed(s, dictKey(idx.single()), w)
	} else if l, ok := base.(vList); ok {
		if i, ok := intValue(idx.single()); ok && i >= 0 && int(i) < len(l.l.elts) {
			old := l.l.elts[i]
			w := acyclic(v, l.l)
			incref(w)
			l.l.elts[i] = w
			s.decref(old)
		}
	}
	s.decref(idx.v)
	s.decref(v)
	s.decref(base)
}

// basicIndex reports whether an index selects a view (slices, integers, None, Ellipsis): no
// array or list among its parts.
func basicIndex(ix index) bool {
	for _, v := range ix.vals {
		switch v.(type) {
		case vArray, vList:
			return false
		}
	}
	return true
}

func (s *Interp) del(t ast.Expr) {
	switch t := t.(type) {
	case *ast.Name:
		f := s.top()
		vars := f.vars
		if f.globals[t.ID] {
			vars = s.module.own().vars
		}
		if old, ok := vars[t.ID]; ok {
			delete(vars, t.ID)
			s.decref(old)
		}
	case *ast.Tuple:
		for _, e := range t.Elts {
			s.del(e)
		}
	case *ast.Attribute:
		s.delAttr(t)
	case *ast.Subscript:
		base := s.eval(t.Value)
		switch b := base.(type) {
		case vDict:
			idx := s.evalIndex(t.Slice)
			b.l.remove(s, dictKey(idx.single()))
			s.decref(idx.v)
		case vList:
			idx := s.evalIndex(t.Slice)
			if i, ok := intValue(idx.single()); ok && i >= 0 && int(i) < len(b.l.elts) {
				old := b.l.elts[i]
				b.l.elts = append(b.l.elts[:i:i], b.l.elts[i+1:]...)
				s.decref(old)
			}
			s.decref(idx.v)
		}
		s.decref(base)
	}
}

// augAssign runs `x op= y`: in place for arrays (no new buffer), a rebinding otherwise.
func (s *Interp) augAssign(st *ast.AugAssign) {
	cur := s.eval(st.Target)
	rhs := s.eval(st.Value)
	if o, ok := isArray(cur); ok {
		s.use(rhs)
		s.touchRange(o, 0, 0, false)
		// x op= y reads x and y and writes x: NumPy's iterator buffers (npapi.UfuncBuffers)
		if s.numpyBuffers() {
			loop := npapi.Promote(o.dt, operandDType(rhs)).Default()
			x := ruleArg(cur)
			s.decref(s.buffers(npapi.UfuncBuffers([]npapi.Arg{x, ruleArg(rhs), x}, loop, dimsOfShape(o.shape)), st))
		}
		s.decref(rhs)
		s.decref(cur)
		return
	}
	if l, ok := cur.(vList); ok {
		s.extendList(l.l, rhs)
		s.decref(rhs)
		s.decref(cur)
		return
	}
	res := s.binop(st.Op, cur, rhs, st)
	s.assign(st.Target, res)
}

func (s *Interp) execIf(st *ast.If) {
	t := s.eval(st.Test)
	s.decref(t)
	switch truth(t) {
	case 1:
		s.noteBranch(st, true)
		s.execBlock(st.Body)
	case 0:
		s.noteBranch(st, false)
		s.execBlock(st.Orelse)
	default:
		s.noteBranch(st, true)
		// Unknown condition. A body that leaves the block (break, continue, return, raise: an
		// early exit) runs on a fork, so the simulation goes on with the path that stays — a loop
		// keeps iterating — and the fork's peak, out-of-memory and buffers are merged in.
		if !s.exhausted && leaves(st.Body) && !leaves(st.Orelse) {
			p := s.fork()
			p.execBlock(st.Body)
			s.execBlock(st.Orelse)
			s.adopt(p)
			return
		}
		// Otherwise the body runs on the simulation, elif/else on a fork whose peak,
		// out-of-memory and buffers are merged in; the state after the if is the body's.
		if len(st.Orelse) > 0 && !s.exhausted {
			p := s.fork()
			p.execBlock(st.Orelse)
			s.execBlock(st.Body)
			s.adopt(p)
			return
		}
		s.execBlock(st.Body)
	}
}

// leaves reports whether a block may leave its enclosing block early: a break, continue,
// return or raise in it, outside nested loops, functions and classes.
func leaves(block []ast.Stmt) bool {
	for _, st := range block {
		switch st := st.(type) {
		case *ast.Break, *ast.Continue, *ast.Return, *ast.Raise:
			return true
		case *ast.If:
			if leaves(st.Body) || leaves(st.Orelse) {
				return true
			}
		case *ast.With:
			if leaves(st.Body) {
				return true
			}
		case *ast.Try:
			if leaves(st.Body) || leaves(st.Orelse) || leaves(st.Finalbody) {
				return true
			}
		}
	}
	return false
}

// truth returns 1 or 0 for a known truth value, -1 when unknown.
func truth(v value) int {
	switch v := v.(type) {
	case vInt:
		if !v.known {
			return -1
		}
		if v.n != 0 {
			return 1
		}
		return 0
	case vFloat:
		if !v.known {
			return -1
		}
		if v.f != 0 {
			return 1
		}
		return 0
	case vNone:
		return 0
	case vMatch, vRegex:
		return 1
	case vStr:
		if v.unknown {
			return -1
		}
		if v.s == "" {
			return 0
		}
		return 1
	}
	return -1
}

func (s *Interp) execWith(items []*ast.WithItem, body []ast.Stmt) {
	var exits []vInstance // context managers that are instances of known classes, to exit
	for _, it := range items {
		v := s.eval(it.ContextExpr)
		var entered value = vUnknown{}
		if inst, ok := v.(vInstance); ok && s.cfg.Strategy.followsProgram() {
			if r, ok := s.callDunder(inst, "__enter__", nil); ok {
				entered = r
			}
			if _, ok := s.dunder(inst, "__exit__"); ok {
				incref(inst)
				exits = append(exits, inst)
			}
		}
		if it.OptionalVars != nil {
			s.assign(it.OptionalVars, entered)
		} else {
			s.decref(entered)
		}
		s.decref(v)
	}
	s.execBlock(body)
	if len(exits) > 0 && s.top() == s.root && len(s.lines) > 0 && s.cfg.Strategy.countsAtLines() {
		s.cur = s.lines[len(s.lines)-1] // __exit__ runs at the with statement's line, as CPython traces it
	}
	for i := len(exits) - 1; i >= 0; i-- {
		f := s.top()
		done, ret, raised := f.done, f.ret, f.raised
		f.done = false
		r, _ := s.callDunder(exits[i], "__exit__", []value{vNone{}, vNone{}, vNone{}})
		s.decref(r)
		f.done, f.ret, f.raised = done, ret, raised
		s.decref(exits[i])
	}
}

// iteration describes what a for loop iterates over.
type iteration struct {
	trips int64 // -1 unknown
	elem  func(i int64) value
}

func (s *Interp) iterationOf(v value) iteration {
	switch v := v.(type) {
	case vRange:
		if v.known {
			return iteration{trips: v.count(), elem: func(i int64) value { return knownInt(v.start + i*v.step) }}
		}
		return iteration{trips: -1, elem: func(int64) value { return vInt{} }}
	case vArray:
		o := v.o
		if o.shape.Known && len(o.shape.Dims) > 0 {
			sh := Shape{Dims: o.shape.Dims[1:], Known: true}
			return iteration{trips: dimLen(o.shape.Dims[0]), elem: func(int64) value {
				if len(sh.Dims) == 0 {
					return vFloat{complex: o.dt.Kind() == 'c', dt: o.dt, strong: s.cfg.NumPyVersion.StrongScalars()} // a NumPy scalar
				}
				return s.view(o, sh, o.dt, "row")
			}}
		}
	case vList:
		elts := v.l.elts
		return iteration{trips: v.l.length(), elem: func(i int64) value {
			if int(i) < len(elts) {
				incref(elts[i])
				return elts[i]
			}
			return vUnknown{}
		}}
	case vTuple:
		return iteration{trips: int64(len(v.elts)), elem: func(i int64) value {
			if i < 0 || int(i) >= len(v.elts) {
				return vUnknown{} // explore mode asks past the end of a short tuple
			}
			incref(v.elts[i])
			return v.elts[i]
		}}
	}
	return iteration{trips: -1, elem: func(int64) value { return vUnknown{} }}
}

// execFor runs a for loop: every iteration when the trip count is known and small, else two
// iterations (the second sees the first's loop-carried rebindings) with list growth extrapolated.
func (s *Interp) execFor(target, iter ast.Expr, body, orelse []ast.Stmt, st ast.Stmt) {
	f := s.top()
	it := s.eval(iter)
	ite := s.iterationOf(it)
	if s.cfg.Strategy.joinsPaths() {
		i := int64(0)
		s.exploreLoop(func() { s.assign(target, ite.elem(i)); i++ }, body, orelse)
		s.decref(it)
		return
	}
	run := ite.trips
	if run < 0 || run > maxUnroll {
		run = 2
		if ite.trips >= 0 && ite.trips < 2 {
			run = ite.trips
		}
		s.longLoops++ // its lists' Python objects count (pyobjects.go)
		defer func() { s.longLoops-- }()
		s.loopIfs = append(s.loopIfs, map[*ast.If]bool{})
		defer s.untakenBranches(st)
	}
	var after []int64
	for i := int64(0); i < run; i++ {
		s.assign(target, ite.elem(i))
		s.execBlock(body)
		f.cont = false
		after = append(after, s.h.Held())
		if f.brk || f.done {
			break
		}
	}
	broke := f.brk
	extrapolated := len(after) == 2 && run == 2 && (ite.trips < 0 || ite.trips > maxUnroll)
	if extrapolated && !broke && !f.done && after[1] > after[0] {
		// A loop that grows runs a third pass, to tell linear growth (a list appended to) from
		// growth that itself grows (a = concatenate([a, a])), which no per-iteration
		// extrapolation can follow.
		s.assign(target, ite.elem(2))
		s.execBlock(body)
		f.cont = false
		after = append(after, s.h.Held())
		broke = f.brk
	}
	if _, isRange := it.(vRange); extrapolated && isRange && ite.trips > 2 && !broke && !f.done && after[1] <= after[0] {
		// A loop over a long range whose live memory does not grow runs its last iteration
		// too: what it makes may be sized by the loop variable (y[:k] at k = n - 1), and the
		// variable keeps that value after the loop.
		held := s.h.Held()
		s.assign(target, ite.elem(ite.trips-1))
		s.execBlock(body)
		f.cont = false
		broke = f.brk
		if grew := s.h.Held() - held; grew > 0 && !broke && !f.done {
			s.lateGrowth(st, target, body, ite, grew)
		}
	}
	f.brk = false
	if !broke && !f.done {
		s.execBlock(orelse)
	}
	if extrapolated {
		s.recordGrowth(st, after, ite.trips)
	}
	s.decref(it)
}

func (s *Interp) execWhile(st *ast.While) {
	f := s.top()
	s.longLoops++ // run for a few passes, as a long loop is (pyobjects.go)
	defer func() { s.longLoops-- }()
	s.loopIfs = append(s.loopIfs, map[*ast.If]bool{})
	defer s.untakenBranches(st)
	trips := s.whileTrips(st) // before the first pass, from the counter's starting value
	var after []int64
	for i := 0; i < 3; i++ {
		if i == 2 && after[1] <= after[0] {
			break // a third pass only tells how a growing loop grows (execFor)
		}
		t := s.eval(st.Test)
		s.decref(t)
		if truth(t) == 0 {
			break
		}
		s.execBlock(st.Body)
		f.cont = false
		after = append(after, s.h.Held())
		if f.brk || f.done {
			break
		}
	}
	f.brk = false
	if len(after) >= 2 {
		s.recordGrowth(st, after, trips)
	}
}

// recordGrowth reports a loop whose live bytes grow per iteration, given the bytes held after
// each of its first passes (two, or three when it grows). With a known trip count the remaining
// iterations' growth is added as one extrapolated buffer held by the list. Growth that grows from
// one pass to the next is not linear: it is not extrapolated, and the loop is listed among the
// allocations of unknown size, so the peak is a lower bound.
func (s *Interp) recordGrowth(st ast.Stmt, after []int64, trips int64) {
	per := after[1] - after[0]
	if per <= 0 {
		return
	}
	g := Growth{Line: s.lineOf(st), BytesPerIteration: per, Name: s.h.LastNamed()}
	passes := int64(len(after))
	if passes == 3 {
		next := after[2] - after[1]
		if next > per {
			g.Nonlinear = true
			if trips >= 0 {
				t := trips
				g.Iterations = &t
			}
			reason := "grows faster than linearly (" + npapi.Commas(per) + " B, then " + npapi.Commas(next) + " B in its next iteration)"
			if trips >= 0 {
				reason += ": its size after " + npapi.Commas(trips) + " iterations is not estimated"
			}
			s.addUnknown(st, g.Name, reason, nil, "")
			s.growth = append(s.growth, g)
			return
		}
		per, g.BytesPerIteration = next, next
	}
	var grown *pyList
	for _, fr := range s.frames {
		fr.own()
		for _, k := range slices.Sorted(maps.Keys(fr.vars)) {
			if l, ok := fr.vars[k].(vList); ok && len(l.l.elts) > 0 && (grown == nil || grown != s.objectsGrew) {
				grown, g.Name = l.l, k
			}
		}
	}
	if trips >= 0 {
		t := trips
		g.Iterations = &t
		if extra := npapi.SatMul(per, trips-passes); extra > 0 {
			data := s.h.Extrapolate(s, g.Name, "growth × "+npapi.Commas(trips-passes)+" more iterations", extra)
			if grown != nil {
				stand := &Obj{refs: 1, Data: data, shape: unknownShape, stands: trips - passes}
				if sh, dt, ok := elementStand(grown.elts[len(grown.elts)-1]); ok {
					stand.shape, stand.dt = sh, dt // numbers: np.array of the list is as long as the loop
				}
				grown.elts = append(grown.elts, vArray{stand})
			}
		}
	}
	s.growth = append(s.growth, g)
}

func (s *Interp) extendList(l *pyList, v value) {
	switch v := v.(type) {
	case vList:
		for _, e := range v.l.elts {
			e = acyclic(e, l)
			incref(e)
			l.elts = append(l.elts, e)
		}
	case vTuple:
		for _, e := range v.elts {
			e = acyclic(e, l)
			incref(e)
			l.elts = append(l.elts, e)
		}
	}
}

// callFunc inlines a call to a function of the analysed file: parameters are bound to the
// arguments, the body runs, locals die at return.
func (s *Interp) callFunc(def *ast.FunctionDef, args []value, kw map[string]value) value {
	return s.callClosure(vFunc{def: def}, args, kw)
}

// callClosure is callFunc of a function value: a nested function or lambda also reads the
// names of the function it was defined in, while that function runs.
func (s *Interp) callClosure(fn vFunc, args []value, kw map[string]value) value {
	return s.callClosureSpread(fn, args, kw, 0)
}

// callClosureSpread is callClosure of a call with a `*x` argument of unknown length at
// args[spread-1] (spread 0: none): the parameters from there on are not known.
func (s *Interp) callClosureSpread(fn vFunc, args []value, kw map[string]value, spread int) value {
	def := fn.def
	recursive := false
	for _, fr := range s.frames {
		if fr.fn == def {
			recursive = true
		}
	}
	// Explore mode infers each function from its own body (the run of its scope): a call's
	// result is unknown there, as a caller cannot know which path the callee took.
	if s.depth >= MaxCallDepth || recursive || s.exhausted || !s.cfg.Strategy.followsProgram() || s.projectBudgetSpent(def) {
		if s.cfg.Strategy.listsGaps() {
			s.callNotFollowed(def, recursive)
		}
		for _, a := range args {
			s.decref(a)
		}
		for _, k := range slices.Sorted(maps.Keys(kw)) {
			s.decref(kw[k])
		}
		return vUnknown{}
	}
	s.depth++
	defer func() { s.depth-- }()
	defer s.enterModuleOfFunc(fn)()
	entry := !s.top().jit && s.traced(def) != nil // Python calls a jitted function: an XLA program
	fr := &frame{vars: map[string]value{}, globals: map[string]bool{}, fn: def, jit: s.staged(def), env: fn.env}
	if spread > 0 {
		for _, v := range args[spread-1:] {
			s.decref(v)
		}
		args = args[:spread-1]
	}
	s.bindParams(fr, def.Args, args, kw, spread > 0)
	var prog, savedProg *xlaProgram
	if entry {
		prog, savedProg = s.enterXLA(def, fr)
	}
	call := s.line()
	s.frames = append(s.frames, fr)
	saved := s.lines
	s.lines = append([]int(nil), s.lines...)
	s.execBlock(def.Body)
	s.lines = saved
	ret := fr.ret
	if ret == nil {
		ret = vNone{}
	}
	if prog != nil {
		s.finishXLA(prog, ret, call, fr.retLine)
		s.xla = savedProg
	}
	// Locals die when the frame goes; the return value keeps its own reference.
	for _, k := range slices.Sorted(maps.Keys(fr.vars)) {
		s.decref(fr.vars[k])
	}
	s.frames = s.frames[:len(s.frames)-1]
	return ret
}

// bindParams binds a call's arguments to the parameters of a function as Python does: the
// positional ones in order, the rest of them to `*args` as a tuple; keyword ones by name, the
// rest to `**kwargs` as a dict (holding its values); a parameter given nothing its default. With
// spread, args are those before a `*x` of unknown length: the positional parameters past them and
// `*args` are unknown. It takes the arguments' references; those no parameter takes are dropped.
func (s *Interp) bindParams(fr *frame, a *ast.Arguments, args []value, kw map[string]value, spread bool) {
	npos := 0
	if a != nil {
		npos = len(a.Posonlyargs) + len(a.Args)
	}
	for i, p := range paramNames(a) {
		switch {
		case i < npos && i < len(args):
			fr.vars[p] = args[i]
		case spread && i < npos && kw[p] == nil:
			fr.vars[p] = vUnknown{} // given by the `*x` of unknown length
		case kw[p] != nil:
			fr.vars[p] = kw[p]
			delete(kw, p)
		default:
			fr.vars[p] = s.defaultFor(a, p)
		}
	}
	var rest []value
	if len(args) > npos {
		rest = args[npos:]
	}
	if a != nil && a.Vararg != nil {
		if spread {
			fr.vars[a.Vararg.Arg] = vUnknown{}
			for _, v := range rest {
				s.decref(v)
			}
		} else {
			fr.vars[a.Vararg.Arg] = vTuple{append([]value(nil), rest...)}
		}
	} else {
		for _, v := range rest {
			s.decref(v)
		}
	}
	keys := slices.Sorted(maps.Keys(kw))
	if a != nil && a.Kwarg != nil {
		l := &pyList{refs: 1, keys: []string{}}
		for _, k := range keys {
			l.keepKeyed(s, "s:"+k, kw[k])
		}
		fr.vars[a.Kwarg.Arg] = vDict{l}
		return
	}
	for _, k := range keys {
		s.decref(kw[k])
	}
}

func paramNames(a *ast.Arguments) []string {
	var out []string
	if a == nil {
		return nil
	}
	for _, p := range a.Posonlyargs {
		out = append(out, p.Arg)
	}
	for _, p := range a.Args {
		out = append(out, p.Arg)
	}
	for _, p := range a.Kwonlyargs {
		out = append(out, p.Arg)
	}
	return out
}

// defaultFor evaluates a parameter's default (constants only), or an assumed value, or unknown.
func (s *Interp) defaultFor(a *ast.Arguments, name string) value {
	if v, ok := s.assumedValue(name); ok {
		return v
	}
	pos := ast.PositionalArgs(a)
	off := len(pos) - len(a.Defaults)
	for i, p := range pos {
		if p.Arg == name && i >= off && pureExpr(a.Defaults[i-off]) {
			return s.eval(a.Defaults[i-off])
		}
	}
	for i, p := range a.Kwonlyargs {
		if p.Arg == name && i < len(a.KwDefaults) && a.KwDefaults[i] != nil && pureExpr(a.KwDefaults[i]) {
			return s.eval(a.KwDefaults[i])
		}
	}
	return vUnknown{}
}

// pureExpr reports whether evaluating e calls nothing: constants, names and attributes (a dtype
// such as np.float32), tuples and lists of them, and arithmetic on them. Such a parameter default
// is evaluated as Python does when the def runs (in the enclosing scope).
func pureExpr(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Constant, *ast.Name:
		return true
	case *ast.Attribute:
		return pureExpr(e.Value)
	case *ast.UnaryOp:
		return pureExpr(e.Operand)
	case *ast.BinOp:
		return pureExpr(e.Left) && pureExpr(e.Right)
	case *ast.Tuple:
		return !slices.ContainsFunc(e.Elts, func(x ast.Expr) bool { return !pureExpr(x) })
	case *ast.List:
		return !slices.ContainsFunc(e.Elts, func(x ast.Expr) bool { return !pureExpr(x) })
	}
	return false
}

// dropDead releases, in a jit-compiled function, the locals no later top-level statement reads:
// XLA's buffer assignment frees a buffer after its last use.
func (s *Interp) dropDead(stmts []ast.Stmt, i int) {
	f := s.top()
	later := map[string]bool{}
	for _, st := range stmts[i+1:] {
		ast.Inspect(st, func(n ast.Node) bool {
			if nm, ok := n.(*ast.Name); ok {
				later[nm.ID] = true
			}
			return true
		})
	}
	params := map[string]bool{}
	if f.fn != nil {
		for _, p := range paramNames(f.fn.Args) {
			params[p] = true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(f.vars)) {
		if later[k] || params[k] {
			continue
		}
		if _, ok := f.vars[k].(vArray); !ok {
			continue
		}
		v := f.vars[k]
		delete(f.vars, k)
		s.decref(v)
	}
}

// acyclic returns v to be stored in list l, or unknown when v holds l (a list that holds
// itself, `l.append(l)`): the interpreter's values stay trees, so what walks them ends.
func acyclic(v value, l *pyList) value {
	if holdsList(v, l, 0) {
		return vUnknown{}
	}
	return v
}

func holdsList(v value, l *pyList, depth int) bool {
	if depth > 16 {
		return true // deeper than any program builds on purpose: treat as holding it
	}
	switch v := v.(type) {
	case vDict:
		return holdsList(vList(v), l, depth)
	case vList:
		if v.l == l {
			return true
		}
		for _, e := range v.l.elts {
			if holdsList(e, l, depth+1) {
				return true
			}
		}
	case vTuple:
		for _, e := range v.elts {
			if holdsList(e, l, depth+1) {
				return true
			}
		}
	case vMethod:
		return holdsList(v.recv, l, depth+1)
	}
	return false
}
