package absint

import (
	"maps"
	"slices"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines forking the interpreter state, used to run the branch of an `if` that the
// interpreter does not follow: the fork runs it on a copy and hands back what it saw. A fork's
// frames are copied on their first use (Cloner.frame, frame.own): the branch of a function
// inlined deep in a loop copies that function's frame, not its callers' (a loop of undecided
// branches in cuPyNumeric's tests/integration/test_fft_*.py copied every frame ~3,900 times
// per file, 19 % of its CPU).

func newCloner(h Heap) *Cloner {
	return &Cloner{objs: map[*Obj]*Obj{}, lists: map[*pyList]*pyList{}, frames: map[*frame]*frame{},
		Memo: map[any]any{}, heap: h}
}

func (c *Cloner) val(v value) value {
	switch v := v.(type) {
	case vArray:
		return vArray{c.obj(v.o)}
	case vTuple:
		elts := make([]value, len(v.elts))
		for i, e := range v.elts {
			elts[i] = c.val(e)
		}
		return vTuple{elts}
	case vList:
		return vList{c.list(v.l)}
	case vDict:
		return vDict{c.list(v.l)}
	case vMethod:
		return vMethod{recv: c.val(v.recv), name: v.name}
	case vAt:
		return vAt{c.val(v.arr)}
	case vInstance:
		return vInstance{c.instance(v.o)}
	case vClass:
		return vClass{c.class(v.c)}
	case vBound:
		return vBound{fn: v.fn, self: c.val(v.self)}
	case vSuper:
		return vSuper{after: c.class(v.after), self: c.val(v.self)}
	}
	return v
}

func (c *Cloner) obj(o *Obj) *Obj {
	if o == nil {
		return nil
	}
	if n, ok := c.objs[o]; ok {
		return n
	}
	n := *o
	c.objs[o] = &n
	n.base = c.obj(o.base)
	if o.Data != nil {
		n.Data = c.heap.CloneData(c, o.Data)
	}
	return &n
}

func (c *Cloner) list(l *pyList) *pyList {
	if n, ok := c.lists[l]; ok {
		return n
	}
	n := *l
	c.lists[l] = &n
	n.keys = slices.Clone(l.keys)
	n.objects = c.obj(l.objects)
	n.elts = make([]value, len(l.elts))
	for i, e := range l.elts {
		n.elts[i] = c.val(e)
	}
	return &n
}

// frame returns the fork's copy of f, made lazily: the copy keeps f's scalars now and copies
// f's names and return value on its first use (own). A fork runs to its end while the state
// it was forked from waits, so f still holds at that use what it held at the fork, and the
// frames a fork never touches (the callers of the function whose branch it runs) are never
// copied.
func (c *Cloner) frame(f *frame) *frame {
	if n, ok := c.frames[f]; ok {
		return n
	}
	n := *f
	n.vars, n.ret = nil, nil
	n.from, n.via = f, c
	c.frames[f] = &n
	return &n
}

// own makes f its own copy if it is a fork's copy not made yet (Cloner.frame), and returns f.
// Everything that reads or writes a frame's vars, globals or ret gets the frame through it
// (top, the module, the root) or calls it first.
func (f *frame) own() *frame {
	if f.from == nil {
		return f
	}
	src, c := f.from.own(), f.via
	f.from, f.via = nil, nil
	f.vars = make(map[string]value, len(src.vars))
	for k, v := range src.vars {
		f.vars[k] = c.val(v)
	}
	f.globals = maps.Clone(src.globals)
	f.ret = c.val(src.ret)
	return f
}

// fork returns an independent copy of the interpreter: running code on it changes nothing in s.
// Its frames are copied on first use (Cloner.frame): s must not run again until the fork has
// run (adopt only reads what the fork recorded).
func (s *Interp) fork() *Interp {
	c := newCloner(s.h)
	p := *s
	p.frames = make([]*frame, len(s.frames))
	for i, f := range s.frames {
		p.frames[i] = c.frame(f)
	}
	p.module = c.frame(s.module)
	p.root = c.frame(s.root)
	p.lines = slices.Clone(s.lines)
	p.figures = make([]value, len(s.figures))
	for i, v := range s.figures {
		p.figures[i] = c.val(v) // a fork that closes the figures releases its own copies
	}
	p.unknown = slices.Clone(s.unknown)
	p.unknownAtFork = len(s.unknown)
	p.growth = slices.Clone(s.growth)
	p.symbols = slices.Clone(s.symbols)
	p.freeSizes = slices.Clone(s.freeSizes)
	if s.classes != nil {
		p.classes = make(map[*ast.ClassDef]*pyClass, len(s.classes))
		for d, k := range s.classes {
			p.classes[d] = c.class(k)
		}
	}
	p.constCloner = nil // the fork's copies of constant classes are its own
	var copied int
	p.h, copied = s.h.Fork(c)
	p.steps += copied / 8 // copying costs budget too
	return &p
}

// forkAll is fork with every frame copied now: for a probe handed a value of s (which it
// may change), so that nothing it does to that value reaches the copies.
func (s *Interp) forkAll() *Interp {
	p := s.fork()
	for _, f := range p.frames {
		f.own()
	}
	p.module.own()
	p.root.own()
	return p
}

// adopt merges what a fork saw that s did not: new unknown sizes, symbols and growth, and
// whatever its heap saw.
func (s *Interp) adopt(p *Interp) {
	s.steps = max(s.steps, p.steps)
	s.exhausted = s.exhausted || p.exhausted
	// the fork's first entries are s's at the fork, which s still has (it only appends)
	for _, u := range p.unknown[min(p.unknownAtFork, len(p.unknown)):] {
		if !slices.Contains(s.unknown, u) {
			s.unknown = append(s.unknown, u)
		}
	}
	for _, sym := range p.symbols {
		if !slices.ContainsFunc(s.symbols, func(x Symbol) bool { return x.Name == sym.Name && x.Source == sym.Source }) {
			s.symbols = append(s.symbols, sym)
		}
	}
	for _, f := range p.freeSizes {
		if !slices.Contains(s.freeSizes, f) {
			s.freeSizes = append(s.freeSizes, f)
		}
	}
	for _, g := range p.growth[min(len(p.growth), len(s.growth)):] {
		s.growth = append(s.growth, g)
	}
	s.h.Adopt(s, p.h)
}
