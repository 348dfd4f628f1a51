package memory

import (
	"github.com/arraylint/arraylint/arraymodel/absint"
)

// This file defines how the heap follows the interpreter's forks (the branch of an `if` the run
// does not follow, a probe of a comprehension's element): the fork gets its own copies of the
// buffers it can still change — the live ones and the Legate stores — and shares the released
// ones with the heap it was forked from, and it hands back its peak, its first out-of-memory and
// the buffers it allocated.
//
// A released buffer never becomes live again, and the only change made to one is Bound naming
// it, which a fork skips for the released buffers it shares (heap.shared): nothing a fork hands
// back lists such a buffer (its out-of-memory report and peak list name live buffers, its
// branch buffers are its own, and its largest buffer replaces the heap's only when larger than
// every buffer allocated before the fork). Copying every buffer ever allocated at every fork made
// a loop of undecided branches quadratic: 66 % of the CPU of cuPyNumeric's 300-line
// tests/integration/test_fft_c2c.py, 2.5 ms per line.

// Fork returns a copy of the heap that shares its released buffers and copies its live buffers
// and stores, mapped through c so that the arrays copied with the fork keep pointing at the same
// buffers as the heap. The count it returns, the buffers the heap holds, is what the fork costs
// the run's step budget (as when every buffer was copied, so budgets run out where they did).
func (s *sim) Fork(c *absint.Cloner) (absint.Heap, int) {
	p := *s
	held := s.h.base + len(s.h.bufs)
	p.h.base = held
	p.h.bufs = nil
	p.h.branch = nil // a fork's own forks are not handed back further
	live := s.h.liveList()
	p.h.live = make([]*buffer, len(live))
	for i, b := range live {
		p.h.live[i] = cloneBuf(c, b)
		p.h.live[i].pos = i
	}
	p.h.dead = 0
	p.h.largest = cloneBuf(c, s.h.largest)
	p.h.timeline = nil // a fork's timeline is not charted
	p.h.forms = s.h.forms.clone()
	return &p, held
}

// shared reports whether b is a released buffer this heap shares with the heap it was forked
// from (one with an id up to base): a fork never changes those.
func (h *heap) shared(b *buffer) bool { return !b.live && b.id <= h.base }

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

// cloneBuf copies a live buffer (once, through c); a released one is shared.
func cloneBuf(c *absint.Cloner, b *buffer) *buffer {
	if b == nil || !b.live {
		return b
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
		s.h.peak, s.h.peakLine, s.h.peakEvent, s.h.peakLive = p.h.peak, p.h.peakLine, p.h.peakEvent, p.h.peakLive
	}
	s.h.forms.adopt(p.h.forms)
	if s.h.oom == nil && p.h.oom != nil {
		s.h.oom = p.h.oom
	}
	if p.h.largest != nil && (s.h.largest == nil || p.h.largest.bytes > s.h.largest.bytes) {
		s.h.largest = p.h.largest
	}
	s.h.branch = append(s.h.branch, p.h.bufs...)
}
