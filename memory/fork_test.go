package memory

import (
	"testing"

	"github.com/arraylint/arraylint/arraymodel/absint"
)

// forkFixture is a heap that allocated a, b and c and released a and b.
func forkFixture(t *testing.T) (*sim, [3]*buffer) {
	t.Helper()
	s := &sim{}
	s.h.pc = &peakCapture{}
	var bufs [3]*buffer
	for i, name := range []string{"", "b", "c"} {
		bufs[i] = &buffer{name: name, bytes: int64(100 * (i + 1))}
		s.h.allocate(bufs[i], i+1, i+1, nil, "")
	}
	s.h.release(bufs[0], 4)
	s.h.release(bufs[1], 5)
	return s, bufs
}

// TestForkSharesReleasedBuffers: a fork copies the live buffers only, so what it costs does not
// grow with every buffer the run ever released (the fft tests of cuPyNumeric forked thousands).
func TestForkSharesReleasedBuffers(t *testing.T) {
	s, bufs := forkFixture(t)
	c := &absint.Cloner{Memo: map[any]any{}}
	h, held := s.Fork(c)
	p := h.(*sim)
	if held != 3 {
		t.Errorf("Fork reports %d buffers held, want 3", held)
	}
	if len(p.h.bufs) != 0 || p.h.base != 3 {
		t.Errorf("fork starts with %d buffers of its own and base %d, want 0 and 3", len(p.h.bufs), p.h.base)
	}
	for _, b := range bufs[:2] {
		if _, copied := c.Memo[b]; copied {
			t.Errorf("released buffer of %d bytes copied into the fork", b.bytes)
		}
		if got := cloneBuf(c, b); got != b {
			t.Errorf("released buffer of %d bytes not shared with the fork", b.bytes)
		}
	}
	if len(p.h.live) != 1 || p.h.live[0] == bufs[2] || p.h.live[0].bytes != 300 {
		t.Fatalf("fork's live list %v, want one copy of the 300-byte buffer", p.h.live)
	}
	// The fork's allocations are numbered after the heap's and handed back as branch buffers.
	nb := &buffer{bytes: 50}
	p.h.allocate(nb, 6, 6, nil, "")
	if nb.id != 4 {
		t.Errorf("fork's first buffer has id %d, want 4", nb.id)
	}
	p.h.release(p.h.live[0], 7)
	s.Adopt(nil, p)
	if len(s.h.branch) != 1 || s.h.branch[0] != nb {
		t.Errorf("adopted branch buffers %v, want the fork's one buffer", s.h.branch)
	}
	if !bufs[2].live {
		t.Error("the fork released the heap's own live buffer")
	}
}

// TestForkLeavesSharedBuffersUnnamed: binding a name in a fork names the fork's own buffers
// but not a released buffer it shares with the heap, whose report would otherwise change.
func TestForkLeavesSharedBuffersUnnamed(t *testing.T) {
	s, bufs := forkFixture(t)
	c := &absint.Cloner{Memo: map[any]any{}}
	h, _ := s.Fork(c)
	p := h.(*sim)
	p.Bound(nil, &absint.Obj{Data: &objData{buf: cloneBuf(c, bufs[0])}}, "x")
	if bufs[0].name != "" {
		t.Errorf("a fork named the heap's released buffer %q", bufs[0].name)
	}
	own := &buffer{}
	p.h.allocate(own, 6, 6, nil, "")
	p.h.release(own, 7)
	p.Bound(nil, &absint.Obj{Data: &objData{buf: own}}, "y")
	if own.name != "y" {
		t.Errorf("a fork's own released buffer is named %q, want y", own.name)
	}
	s.Bound(nil, &absint.Obj{Data: &objData{buf: bufs[0]}}, "z")
	if bufs[0].name != "z" {
		t.Errorf("the heap's released buffer is named %q, want z", bufs[0].name)
	}
}
