package memory

import (
	"slices"

	"github.com/arraylint/arraylint/arraymodel/absint"
)

// This file defines how the heap follows the interpreter's forks: a fork (the branch of an
// `if` the run does not follow) gets a deep copy of the buffers, and hands back its peak, its
// first out-of-memory and the buffers it allocated.

// Fork returns a copy of the heap whose buffers are copies, mapped through c so that the
// arrays copied with the fork keep pointing at the same buffers as the heap.
func (s *sim) Fork(c *absint.Cloner) (absint.Heap, int) {
	p := *s
	p.h.bufs = make([]*buffer, len(s.h.bufs))
	for i, b := range s.h.bufs {
		p.h.bufs[i] = cloneBuf(c, b)
	}
	live := s.h.liveList()
	p.h.live = make([]*buffer, len(live))
	for i, b := range live {
		p.h.live[i] = cloneBuf(c, b)
		p.h.live[i].pos = i
	}
	p.h.dead = 0
	p.h.largest = cloneBuf(c, s.h.largest)
	p.h.timeline = slices.Clone(s.h.timeline)
	p.h.forms = s.h.forms.clone()
	p.forkStart = len(s.h.bufs)
	return &p, len(s.h.bufs)
}

// CloneData copies an array's buffer and store records (each once, through c).
func (s *sim) CloneData(c *absint.Cloner, data any) any {
	d, ok := data.(*objData)
	if !ok {
		return data
	}
	if n, ok := c.Memo[d]; ok {
		return n
	}
	n := &objData{buf: cloneBuf(c, d.buf), store: cloneStore(c, d.store)}
	c.Memo[d] = n
	return n
}

func cloneBuf(c *absint.Cloner, b *buffer) *buffer {
	if b == nil {
		return nil
	}
	if n, ok := c.Memo[b]; ok {
		return n.(*buffer)
	}
	n := *b
	c.Memo[b] = &n
	n.store = cloneStore(c, b.store)
	return &n
}

func cloneStore(c *absint.Cloner, st *store) *store {
	if st == nil {
		return nil
	}
	if n, ok := c.Memo[st]; ok {
		return n.(*store)
	}
	n := *st
	c.Memo[st] = &n
	n.instances = make([]*buffer, len(st.instances))
	for i, b := range st.instances {
		n.instances[i] = cloneBuf(c, b)
	}
	return &n
}

// Adopt merges what a fork's heap saw that s did not: a higher peak, a first out-of-memory,
// and the buffers it allocated (listed, not charted).
func (s *sim) Adopt(_ *absint.Interp, fork absint.Heap) {
	p := fork.(*sim)
	if p.h.peak > s.h.peak {
		s.h.peak, s.h.peakLine, s.h.peakEvent = p.h.peak, p.h.peakLine, p.h.peakEvent
	}
	s.h.forms.adopt(p.h.forms)
	if s.h.oom == nil && p.h.oom != nil {
		s.h.oom = p.h.oom
	}
	if p.h.largest != nil && (s.h.largest == nil || p.h.largest.bytes > s.h.largest.bytes) {
		s.h.largest = p.h.largest
	}
	for _, b := range p.h.bufs[min(p.forkStart, len(p.h.bufs)):] {
		s.h.branch = append(s.h.branch, b)
	}
}
