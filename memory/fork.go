package memory

import (
	"maps"
	"slices"
)

// This file defines forking the simulation state, used to estimate the branch of an `if` that
// the simulation does not follow: the fork runs it on a deep copy and hands back its peak.

type cloner struct {
	objs   map[*arrObj]*arrObj
	bufs   map[*buffer]*buffer
	lists  map[*pyList]*pyList
	stores map[*store]*store
	frames map[*frame]*frame
}

func (c *cloner) val(v value) value {
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
	case vMethod:
		return vMethod{recv: c.val(v.recv), name: v.name}
	case vAt:
		return vAt{c.val(v.arr)}
	}
	return v
}

func (c *cloner) obj(o *arrObj) *arrObj {
	if o == nil {
		return nil
	}
	if n, ok := c.objs[o]; ok {
		return n
	}
	n := *o
	c.objs[o] = &n
	n.base = c.obj(o.base)
	n.buf = c.buf(o.buf)
	n.store = c.store(o.store)
	return &n
}

func (c *cloner) buf(b *buffer) *buffer {
	if b == nil {
		return nil
	}
	if n, ok := c.bufs[b]; ok {
		return n
	}
	n := *b
	c.bufs[b] = &n
	n.store = c.store(b.store)
	return &n
}

func (c *cloner) store(s *store) *store {
	if s == nil {
		return nil
	}
	if n, ok := c.stores[s]; ok {
		return n
	}
	n := *s
	c.stores[s] = &n
	n.instances = make([]*buffer, len(s.instances))
	for i, b := range s.instances {
		n.instances[i] = c.buf(b)
	}
	return &n
}

func (c *cloner) list(l *pyList) *pyList {
	if n, ok := c.lists[l]; ok {
		return n
	}
	n := *l
	c.lists[l] = &n
	n.elts = make([]value, len(l.elts))
	for i, e := range l.elts {
		n.elts[i] = c.val(e)
	}
	return &n
}

func (c *cloner) frame(f *frame) *frame {
	if n, ok := c.frames[f]; ok {
		return n
	}
	n := *f
	c.frames[f] = &n
	n.vars = make(map[string]value, len(f.vars))
	for k, v := range f.vars {
		n.vars[k] = c.val(v)
	}
	n.globals = maps.Clone(f.globals)
	n.ret = c.val(f.ret)
	return &n
}

// fork returns an independent copy of the simulation: running code on it changes nothing in s.
func (s *sim) fork() *sim {
	c := &cloner{objs: map[*arrObj]*arrObj{}, bufs: map[*buffer]*buffer{}, lists: map[*pyList]*pyList{},
		stores: map[*store]*store{}, frames: map[*frame]*frame{}}
	p := *s
	p.frames = make([]*frame, len(s.frames))
	for i, f := range s.frames {
		p.frames[i] = c.frame(f)
	}
	p.module = c.frame(s.module)
	p.root = c.frame(s.root)
	p.lines = slices.Clone(s.lines)
	p.unknown = slices.Clone(s.unknown)
	p.growth = slices.Clone(s.growth)
	p.h.bufs = make([]*buffer, len(s.h.bufs))
	for i, b := range s.h.bufs {
		p.h.bufs[i] = c.buf(b)
	}
	live := s.h.liveList()
	p.h.live = make([]*buffer, len(live))
	for i, b := range live {
		p.h.live[i] = c.buf(b)
	}
	p.h.largest = c.buf(s.h.largest)
	p.h.timeline = slices.Clone(s.h.timeline)
	p.steps += len(s.h.bufs) / 8 // copying costs budget too
	return &p
}

// adopt merges what a fork saw that s did not: a higher peak, a first out-of-memory, new
// unknown sizes and growth, and the buffers it allocated (listed, not charted).
func (s *sim) adopt(p *sim, before int) {
	s.steps = max(s.steps, p.steps)
	s.exhausted = s.exhausted || p.exhausted
	if p.h.peak > s.h.peak {
		s.h.peak, s.h.peakLine, s.h.peakEvent = p.h.peak, p.h.peakLine, p.h.peakEvent
	}
	if s.h.oom == nil && p.h.oom != nil {
		s.h.oom = p.h.oom
	}
	if p.h.largest != nil && (s.h.largest == nil || p.h.largest.bytes > s.h.largest.bytes) {
		s.h.largest = p.h.largest
	}
	for _, u := range p.unknown {
		if !slices.Contains(s.unknown, u) {
			s.unknown = append(s.unknown, u)
		}
	}
	for _, g := range p.growth[min(len(p.growth), len(s.growth)):] {
		s.growth = append(s.growth, g)
	}
	for _, b := range p.h.bufs[min(before, len(p.h.bufs)):] {
		s.h.branch = append(s.h.branch, b)
	}
}
