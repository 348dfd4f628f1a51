package absint

import (
	"strings"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines displays and comprehensions: tuple and list displays with starred parts, list
// comprehensions and generator expressions (made all at once where they are consumed whole, one
// element at a time by sum, any, all, min and max).

// listComp evaluates [elt for target in iter] with one generator and no conditions, iteration
// by iteration like a for loop; other comprehensions are unknown values.
func (s *Interp) listComp(elt ast.Expr, gens []*ast.Comprehension) value {
	if len(gens) != 1 || len(gens[0].Ifs) > 0 {
		return vUnknown{}
	}
	g := gens[0]
	it := s.eval(g.Iter)
	ite := s.iterationOf(it)
	l := &pyList{refs: 1}
	run := ite.trips
	if run < 0 || run > maxUnroll {
		run = min(max(ite.trips, 0), 2) // (none for an iterable of unknown length)
		s.longLoops++                   // its elements' Python objects count (pyobjects.go)
		defer func() { s.longLoops-- }()
	}
	restore := s.compScope(g.Target)
	var per int64
	var last value
	for i := int64(0); i < run; i++ {
		before := s.h.Held()
		s.assign(g.Target, ite.elem(i))
		last = s.eval(elt)
		l.elts = append(l.elts, last)
		s.holdObjects(l, last, elt)
		per = s.h.Held() - before
	}
	restore()
	if ite.trips > run && per > 0 {
		extra := per * (ite.trips - run)
		data := s.h.Extrapolate(s, "", "list comprehension × "+npapi.Commas(ite.trips-run)+" more elements", extra)
		stand := &Obj{refs: 1, Data: data, shape: unknownShape, stands: ite.trips - run}
		if o, ok := isArray(last); ok {
			stand.shape, stand.dt = o.shape, o.dt
		} else if sh, dt, ok := elementStand(last); ok {
			stand.shape, stand.dt = sh, dt // numbers: np.array of the list is as long as the loop
		}
		l.elts = append(l.elts, vArray{stand})
	} else if ite.trips < 0 {
		if s.makesArrays(g.Target, ite.elem(0), elt) {
			s.unknownAlloc(g, s.text(elt), "list comprehension over an iterable of unknown length", nil)
		}
		s.decref(it)
		return vUnknown{} // a list of a length not known (not an empty one)
	}
	s.decref(it)
	return vList{l}
}

// maxConstComp is the longest display of constants constComp runs a comprehension over.
const maxConstComp = 16

// constComp is, in explore mode, a list comprehension over a short tuple or list of constants
// whose element is a constant for each: `[extent[i] for i in mode_a]` with mode_a = ('m', 'h')
// and extent a dict of ints is the list [96, 64], a shape. One generator, no condition, its
// iterable a name or a display (nothing it evaluates makes anything). The element runs once
// per item, observed on the first only: the facts of its expressions stay the first item's.
// ok is false (and nothing is evaluated) when any condition fails or an element is no constant;
// the joined run then takes over.
func (s *Interp) constComp(elt ast.Expr, gens []*ast.Comprehension) (value, bool) {
	if len(gens) != 1 || len(gens[0].Ifs) > 0 || gens[0].IsAsync != 0 {
		return nil, false
	}
	g := gens[0]
	target, ok := g.Target.(*ast.Name)
	if !ok {
		return nil, false
	}
	var items []value
	switch it := g.Iter.(type) {
	case *ast.Name:
		v, ok := s.lookupPlain(it.ID)
		if !ok {
			return nil, false
		}
		items = v
	case *ast.Tuple, *ast.List:
		var elts []ast.Expr
		if t, ok := it.(*ast.Tuple); ok {
			elts = t.Elts
		} else {
			elts = it.(*ast.List).Elts
		}
		for _, x := range elts {
			c, ok := x.(*ast.Constant)
			if !ok {
				return nil, false
			}
			items = append(items, s.eval(c))
		}
	default:
		return nil, false
	}
	if len(items) == 0 || len(items) > maxConstComp {
		return nil, false
	}
	for _, v := range items {
		if !plainValue(v) {
			return nil, false
		}
	}
	f := s.top()
	saved, had := f.vars[target.ID]
	observe := s.cfg.Observe
	var out []value
	for i, item := range items {
		if i == 1 {
			s.cfg.Observe = nil
		}
		f.vars[target.ID] = item
		v := s.eval(elt)
		if !plainValue(v) {
			s.decref(v)
			break
		}
		out = append(out, v)
	}
	s.cfg.Observe = observe
	if had {
		f.vars[target.ID] = saved
	} else {
		delete(f.vars, target.ID)
	}
	if len(out) != len(items) {
		for _, v := range out {
			s.decref(v)
		}
		return nil, false
	}
	return vList{&pyList{refs: 1, elts: out}}, true
}

// lookupPlain returns the items of the tuple or list name holds when each is a plain constant.
func (s *Interp) lookupPlain(name string) ([]value, bool) {
	v, ok := s.top().vars[name]
	if !ok {
		v, ok = s.module.vars[name]
	}
	if !ok {
		return nil, false
	}
	switch v := v.(type) {
	case vTuple:
		return v.elts, true
	case vList:
		return v.l.elts, true
	}
	return nil, false
}

// makesArrays reports whether a comprehension's element, evaluated for an item of the iterable
// (a probe on a copy of the run, which changes nothing), is or holds an array, or is what a call
// the run does not model makes of arrays: a comprehension of strings or numbers over an iterable
// of unknown length makes no array to leave out.
func (s *Interp) makesArrays(target ast.Expr, item value, elt ast.Expr) bool {
	p := s.forkAll()
	p.assign(target, item)
	before := len(p.unknown)
	v := p.eval(elt)
	if holdsArrays(v, 0) {
		return true
	}
	for _, u := range p.unknown[before:] {
		if strings.HasSuffix(u.Reason, "is given arrays") {
			return true
		}
	}
	return false
}

// displayElts evaluates a tuple or list display's elements, a starred one spliced in (`(*shape,
// 2, 2)`); false when a starred one's length is not known.
func (s *Interp) displayElts(exprs []ast.Expr) ([]value, bool) {
	elts := make([]value, 0, len(exprs))
	ok := true
	for _, x := range exprs {
		st, starred := x.(*ast.Starred)
		if !starred {
			elts = append(elts, s.eval(x))
			continue
		}
		v := s.eval(st.Value)
		if parts, known := knownElements(v); known {
			for _, p := range parts {
				incref(p)
				elts = append(elts, p)
			}
		} else {
			ok = false
		}
		s.decref(v)
	}
	if !ok {
		for _, v := range elts {
			s.decref(v)
		}
	}
	return elts, ok
}

// compScope makes a comprehension's target local to it: the enclosing bindings of its names
// are set aside, and restore puts them back (dropping the comprehension's).
func (s *Interp) compScope(target ast.Expr) (restore func()) {
	names := map[string]value{}
	ast.Inspect(target, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok {
			if v, had := s.top().vars[nm.ID]; had {
				names[nm.ID] = v
				delete(s.top().vars, nm.ID)
			} else {
				names[nm.ID] = nil
			}
		}
		return true
	})
	return func() {
		for name, old := range names {
			if v, ok := s.top().vars[name]; ok {
				delete(s.top().vars, name)
				s.decref(v)
			}
			if old != nil {
				s.top().vars[name] = old
			}
		}
	}
}

// lazyGen runs a generator expression consumed one element at a time (sum(… for …), any, all,
// min, max): each element is made, folded into the result by fold (which takes both
// references; nil drops the element) and dropped before the next, so only one is alive at a
// time. Iterations past the unrolled ones are like them. false when the generator has several
// for clauses or conditions.
func (s *Interp) lazyGen(g *ast.GeneratorExp, acc value, fold func(acc, v value) value) (value, bool) {
	if len(g.Generators) != 1 || len(g.Generators[0].Ifs) > 0 {
		return nil, false
	}
	gen := g.Generators[0]
	it := s.eval(gen.Iter)
	ite := s.iterationOf(it)
	run := ite.trips
	if run < 0 || run > maxUnroll {
		run = 2 // the rest are like these (one element alive at a time)
		if ite.trips >= 0 {
			run = min(run, ite.trips)
		}
	}
	restore := s.compScope(gen.Target)
	for i := int64(0); i < run; i++ {
		s.assign(gen.Target, ite.elem(i))
		v := s.eval(g.Elt)
		if fold == nil {
			s.decref(v)
			continue
		}
		acc = fold(acc, v)
	}
	restore()
	s.decref(it)
	return acc, true
}

// lazyConsumer evaluates sum, any, all, min and max of a generator expression, which take its
// elements one at a time (lazyGen); false for any other call.
func (s *Interp) lazyConsumer(e *ast.Call) (value, bool) {
	n, ok := e.Func.(*ast.Name)
	if !ok || s.cfg.Strategy.joinsPaths() || len(e.Args) == 0 || len(e.Keywords) > 0 {
		return nil, false
	}
	g, ok := e.Args[0].(*ast.GeneratorExp)
	if !ok {
		return nil, false // (every call passes here: the cheap tests first)
	}
	if _, bound := s.rootBound(n); bound {
		return nil, false
	}
	switch {
	case n.ID == "sum" && len(e.Args) <= 2:
		var start value = knownInt(0)
		if len(e.Args) == 2 {
			start = s.eval(e.Args[1])
		}
		v, ok := s.lazyGen(g, start, func(acc, v value) value { return s.binop(ast.Add, acc, v, e) })
		if !ok {
			s.decref(start)
		}
		return v, ok
	case (n.ID == "any" || n.ID == "all") && len(e.Args) == 1:
		_, ok := s.lazyGen(g, nil, nil)
		return vInt{}, ok
	case (n.ID == "min" || n.ID == "max") && len(e.Args) == 1:
		_, ok := s.lazyGen(g, nil, nil)
		return vUnknown{}, ok
	}
	return nil, false
}
