package lsp

import (
	"bytes"
	"time"

	"github.com/arraylint/arraylint/pyparse"
)

// This file lets hovers and inlay hints answer from the last version whose memory estimate is
// made, without waiting for the current version's (a parse and an estimate of the whole file,
// 100 ms or more on a 5,000-line file). The earlier version answers only where the edits since
// it left the text and its line structure unchanged: a position on a line without changed
// bytes, with as many lines before and after as it had. What it says may be out of date for
// the edit's consequences elsewhere (a size computed from an edited constant) until the pause. The current version's estimate is made once
// the user pauses (Options.SlowDelay after the first stale answer), and answers from then on.

// textMap maps offsets between an earlier text and the current one, which replaced the bytes
// old[p:oldEnd] by new[p:newEnd] without changing the number of lines.
type textMap struct {
	p, oldEnd, newEnd int
}

// toOld returns the earlier text's offset of o, an offset of the current text cur, when no
// changed byte is on o's line.
func (m *textMap) toOld(cur []byte, o pyparse.Offset) (pyparse.Offset, bool) {
	o = min(max(o, 0), pyparse.Offset(len(cur)))
	start := bytes.LastIndexByte(cur[:o], '\n') + 1
	end := len(cur)
	if i := bytes.IndexByte(cur[o:], '\n'); i >= 0 {
		end = int(o) + i
	}
	switch {
	case end < m.p:
		return o, true
	case start > m.newEnd:
		return o - pyparse.Offset(m.newEnd-m.oldEnd), true
	}
	return 0, false
}

// rangeToNew returns the current text's range of r, a range of the earlier text, when it does
// not overlap the changed bytes.
func (m *textMap) rangeToNew(r pyparse.Range) (pyparse.Range, bool) {
	d := pyparse.Offset(m.newEnd - m.oldEnd)
	switch {
	case int(r.End) <= m.p:
		return r, true
	case int(r.Start) >= m.oldEnd:
		return pyparse.Range{Start: r.Start + d, End: r.End + d}, true
	}
	return r, false
}

// newTextMap compares two texts; ok is false when they differ in their number of lines or the
// change involves a carriage return (whose line breaks depend on the neighbouring byte).
func newTextMap(old, cur []byte) (*textMap, bool) {
	p := commonPrefix(old, cur)
	s := commonSuffix(old[p:], cur[p:])
	m := &textMap{p: p, oldEnd: len(old) - s, newEnd: len(cur) - s}
	was, now := old[p:m.oldEnd], cur[p:m.newEnd]
	if bytes.IndexByte(was, '\r') >= 0 || bytes.IndexByte(now, '\r') >= 0 || p > 0 && old[p-1] == '\r' {
		return nil, false
	}
	return m, bytes.Count(was, []byte("\n")) == bytes.Count(now, []byte("\n"))
}

// lastEstimate returns the document's last version with a memory estimate, and how its text
// maps to snap's, when snap has no estimate yet and that version can answer for it.
func (s *Server) lastEstimate(d *document, snap *Snapshot) (*Snapshot, *textMap) {
	if d == nil || snap.memDone.Load() || snap.cells != nil {
		return nil, nil
	}
	s.mu.Lock()
	last := d.estimated
	s.mu.Unlock()
	if last == nil || last == snap || last.Version > snap.Version || last.URI != snap.URI {
		return nil, nil
	}
	m, ok := newTextMap(last.Src, snap.Src)
	if !ok {
		return nil, nil
	}
	return last, m
}

// noteEstimate records that snap's estimate is made: later versions may answer from it.
func (s *Server) noteEstimate(d *document, snap *Snapshot) {
	if d == nil || snap.cells != nil || !snap.memDone.Load() {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if d.estimated == nil || d.estimated.Version <= snap.Version {
		d.estimated = snap
	}
}

// refreshEstimate makes snap's own estimate after Options.SlowDelay, unless a newer version
// replaces it first: a stale answer is given only while the user is typing.
func (s *Server) refreshEstimate(d *document, snap *Snapshot) {
	s.mu.Lock()
	if d.refreshing == snap {
		s.mu.Unlock()
		return
	}
	d.refreshing = snap
	s.mu.Unlock()
	time.AfterFunc(s.opts.SlowDelay, func() {
		if snap.ctx.Err() != nil {
			return
		}
		if _, err := s.memoryFor(snap.ctx, snap); err == nil {
			s.noteEstimate(d, snap)
		}
	})
}
