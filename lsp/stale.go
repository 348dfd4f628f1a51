package lsp

import (
	"bytes"
	"slices"
	"time"

	"github.com/arraylint/arraylint/pyparse"
)

// This file lets hovers and inlay hints answer from the last version whose memory estimate is
// made, without waiting for the current version's (a parse and an estimate of the whole file,
// 100 ms or more on a 5,000-line file). The document keeps the byte ranges its edits since that
// version changed; the earlier version answers only for a position on a line without changed
// bytes, and only while no edit changed the number of lines (the answers name lines). What it
// says may be out of date for the edit's consequences elsewhere (a size computed from an edited
// constant) until the pause: Options.SlowDelay after the first such answer the current version's
// own estimate is made, and answers from then on.

// changed is a byte range of the current text that edits since the estimated version replaced:
// the estimated text had end-start-delta bytes there.
type changed struct {
	start, end int
	delta      int
}

// textMap maps offsets between an estimated version's text and the current one.
type textMap struct {
	edits []changed // disjoint, in order, in the current text's offsets
}

// toOld returns the estimated text's offset of o, an offset of the current text cur, when no
// changed byte is on o's line.
func (m *textMap) toOld(cur []byte, o pyparse.Offset) (pyparse.Offset, bool) {
	o = min(max(o, 0), pyparse.Offset(len(cur)))
	start := bytes.LastIndexByte(cur[:o], '\n') + 1
	end := len(cur)
	if i := bytes.IndexByte(cur[o:], '\n'); i >= 0 {
		end = int(o) + i
	}
	shift := 0
	for _, e := range m.edits {
		switch {
		case e.end < start:
			shift += e.delta
		case e.start > end:
			return o - pyparse.Offset(shift), true
		default:
			return 0, false
		}
	}
	return o - pyparse.Offset(shift), true
}

// touches reports whether changed bytes lie in the current text's [start, end].
func (m *textMap) touches(start, end int) bool {
	for _, e := range m.edits {
		if e.start <= end && e.end >= start {
			return true
		}
	}
	return false
}

// rangeToNew returns the current text's range of r, a range of the estimated text, when it does
// not overlap changed bytes.
func (m *textMap) rangeToNew(r pyparse.Range) (pyparse.Range, bool) {
	shift := 0
	for _, e := range m.edits {
		oldStart := e.start - shift
		oldEnd := oldStart + (e.end - e.start) - e.delta
		switch {
		case oldEnd <= int(r.Start):
			shift += e.delta
		case oldStart >= int(r.End):
			return pyparse.Range{Start: r.Start + pyparse.Offset(shift), End: r.End + pyparse.Offset(shift)}, true
		default:
			return r, false
		}
	}
	return pyparse.Range{Start: r.Start + pyparse.Offset(shift), End: r.End + pyparse.Offset(shift)}, true
}

// trackEdit records in d that its text old became cur. An edit that changes the number of lines
// or touches a carriage return (whose line break depends on the next byte) ends the estimated
// version's use. Call with Server.mu held.
func (d *document) trackEdit(old, cur []byte) {
	if d.estimated == nil {
		return
	}
	p := commonPrefix(old, cur)
	s := commonSuffix(old[p:], cur[p:])
	was, now := old[p:len(old)-s], cur[p:len(cur)-s]
	if bytes.IndexByte(was, '\r') >= 0 || bytes.IndexByte(now, '\r') >= 0 || p > 0 && old[p-1] == '\r' ||
		bytes.Count(was, []byte("\n")) != bytes.Count(now, []byte("\n")) {
		d.estimated, d.estEdits = nil, nil
		return
	}
	if len(was) == 0 && len(now) == 0 {
		return // the same text
	}
	e := changed{start: p, end: len(cur) - s, delta: len(cur) - len(old)}
	oldEnd := len(old) - s
	var out []changed
	for _, c := range d.estEdits {
		switch {
		case c.end < e.start:
			out = append(out, c)
		case c.start > oldEnd:
			out = append(out, changed{start: c.start + e.delta, end: c.end + e.delta, delta: c.delta})
		default: // overlapping or touching: one range
			e.delta += c.delta
			e.start = min(e.start, c.start)
			if c.end > oldEnd {
				e.end = max(e.end, c.end+(len(cur)-len(old)))
			}
		}
	}
	out = append(out, e)
	slices.SortFunc(out, func(a, b changed) int { return a.start - b.start })
	d.estEdits = out
}

// lastEstimate returns the document's last version with a memory estimate, and how its text
// maps to snap's, when snap, the current version, has no estimate yet.
func (s *Server) lastEstimate(d *document, snap *Snapshot) (*Snapshot, *textMap) {
	if d == nil || snap.memDone.Load() || snap.cells != nil {
		return nil, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if d.snap != snap || d.estimated == nil || d.estimated == snap {
		return nil, nil
	}
	return d.estimated, &textMap{edits: slices.Clone(d.estEdits)}
}

// noteEstimate records that snap's estimate is made: until the next one, later versions answer
// from it. Only the current version becomes the base (the edits are tracked from it).
func (s *Server) noteEstimate(d *document, snap *Snapshot) {
	if d == nil || snap.cells != nil || !snap.memDone.Load() {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if d.snap == snap && d.estimated != snap {
		d.estimated, d.estEdits = snap, nil
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
