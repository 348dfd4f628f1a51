package lsp

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
)

// inlayMinBytes is the smallest allocation that gets an inlay hint: smaller ones are noise.
const inlayMinBytes = 1 << 20

// InlayHint answers textDocument/inlayHint: at the end of each line in the range that allocates
// at least 1 MiB of arrays, the size of what it allocates ("7.6 MiB").
func (s *Server) InlayHint(ctx context.Context, p *protocol.InlayHintParams) ([]protocol.InlayHint, error) {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	var ct *cellTarget
	if d == nil {
		ct = s.cellTargetLocked(p.TextDocument.URI) // a notebook cell (notebook.go)
	}
	s.mu.Unlock()
	if ct != nil {
		return s.cellInlayHints(ctx, ct, p.Range)
	}
	snap := s.snapshotLocked(p.TextDocument.URI) // nil while the document is out of sync
	if d == nil || snap == nil {
		return []protocol.InlayHint{}, nil
	}
	// While the current version's estimate is not made, an earlier version with the same lines
	// answers at once (stale.go), except on the edited lines.
	if last, m := s.lastEstimate(d, snap); last != nil {
		s.refreshEstimate(d, snap)
		return s.inlayHintsFrom(ctx, snap, last, m, p.Range)
	}
	hints, err := s.inlayHints(ctx, snap, p.Range)
	if err == nil {
		s.noteEstimate(d, snap)
	}
	return hints, err
}

// inlayHints returns the hints of the lines of snap whose ends lie in rng.
func (s *Server) inlayHints(ctx context.Context, snap *Snapshot, rng protocol.Range) ([]protocol.InlayHint, error) {
	return s.inlayHintsFrom(ctx, snap, snap, nil, rng)
}

// inlayHintsFrom returns the hints of the lines of snap whose ends lie in rng, from the estimate
// of from, an earlier version with as many lines whose text maps to snap's by m (nil when from is
// snap): a line holding changed bytes gets no hint.
func (s *Server) inlayHintsFrom(ctx context.Context, snap, from *Snapshot, m *textMap, rng protocol.Range) ([]protocol.InlayHint, error) {
	hints := []protocol.InlayHint{}
	mf, err := s.memoryFor(ctx, from)
	if err != nil {
		return nil, err
	}
	if mf.file == nil {
		return hints, nil
	}
	lineIndex := mf.file.Lines
	if m != nil {
		lineIndex = pyparse.NewLineIndex(snap.Src)
	}
	// edited reports whether a line of snap holds changed bytes.
	edited := func(line int) bool {
		if m == nil {
			return false
		}
		return m.touches(int(lineIndex.LineStart(line)), int(lineIndex.LineEnd(line)))
	}
	// The reports with a buffer in the range get their formulas first (for the tooltips).
	var inRange []*memory.Report
	for _, r := range mf.reports {
		for i := range r.Buffers {
			if l := r.Buffers[i].Line; l >= 1 && l <= lineIndex.LineCount() && !lineOutside(snap, lineIndex, l, rng) {
				inRange = append(inRange, r)
				break
			}
		}
	}
	mf.scale(s, inRange...)
	// Bytes allocated per line, each buffer counted once even when several scopes report it
	// (a function's own report and the module's call into it).
	perLine := map[int][]*memory.Lifetime{}
	seen := map[string]bool{}
	for _, r := range mf.reports {
		for i := range r.Buffers {
			b := &r.Buffers[i]
			line := b.Line
			k := strings.Join([]string{strconv.Itoa(line), b.Name, strconv.FormatInt(b.Bytes, 10), b.Expr}, "\x00")
			if b.Bytes < inlayMinBytes || seen[k] {
				continue
			}
			seen[k] = true
			perLine[line] = append(perLine[line], b)
		}
	}
	lines := make([]int, 0, len(perLine))
	for l := range perLine {
		lines = append(lines, l)
	}
	slices.Sort(lines)
	for _, line := range lines {
		if line < 1 || line > lineIndex.LineCount() {
			continue
		}
		if lineOutside(snap, lineIndex, line, rng) || edited(line) {
			continue
		}
		pos := snap.Mapper.Position(lineIndex.LineEnd(line))
		var total int64
		var tips []string
		for _, b := range perLine[line] {
			total += b.Bytes
			tips = append(tips, describeBuffer(b, false))
		}
		hints = append(hints, protocol.InlayHint{
			Position:    pos,
			Label:       memory.FormatBytes(total),
			Tooltip:     strings.Join(tips, "\n"),
			PaddingLeft: true,
		})
	}
	return hints, nil
}

// lineOutside reports whether the end of line, where its hint goes, is outside rng.
func lineOutside(snap *Snapshot, lines *pyparse.LineIndex, line int, rng protocol.Range) bool {
	pos := snap.Mapper.Position(lines.LineEnd(line))
	return posLess(pos, rng.Start) || posLess(rng.End, pos)
}
