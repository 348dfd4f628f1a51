package lsp

import (
	"context"
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
)

// Hover answers textDocument/hover from the memory estimate of the document's current version:
// on an array name, its dtype, shape, bytes and allocating line; on any line of the module or a
// function, the array memory live there against the target and the scope's peak
// ("381.5 MiB live, 0.5% of h100 (79.6 GiB); peak 457.8 MiB at line 11").
func (s *Server) Hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	snap := s.snapshotLocked(p.TextDocument.URI) // nil while the document is out of sync
	markdown := s.client.markdownHover
	var ct *cellTarget
	if d == nil {
		ct = s.cellTargetLocked(p.TextDocument.URI) // a notebook cell (notebook.go)
	}
	s.mu.Unlock()
	if ct != nil {
		return s.cellHover(ctx, ct, p.Position, markdown)
	}
	if snap == nil {
		return nil, nil
	}
	off, err := snap.Mapper.Offset(p.Position)
	if err != nil {
		return nil, nil // a position past the end: nothing to show
	}
	// While the current version's estimate is not made, an earlier version's answers at once for
	// a position outside the edited text (stale.go).
	from, fromOff, tm := snap, off, (*textMap)(nil)
	if last, m := s.lastEstimate(d, snap); last != nil {
		if o, ok := m.toOld(snap.Src, off); ok {
			from, fromOff, tm = last, o, m
			s.refreshEstimate(d, snap)
		}
	}
	text, kind, at, err := s.hoverAt(ctx, from, fromOff, markdown)
	if text == "" || err != nil {
		return nil, err
	}
	if from == snap {
		s.noteEstimate(d, snap)
	}
	var rng *protocol.Range
	if at != nil && tm != nil {
		if moved, ok := tm.rangeToNew(*at); ok {
			at = &moved
		} else {
			at = nil
		}
	}
	if at != nil {
		r := snap.Mapper.Range(*at)
		rng = &r
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: kind, Value: text}, Range: rng}, nil
}

// hoverAt returns the hover text at offset off of snap, its kind, and the range of the name it
// describes (nil for a line's memory only); "" when there is nothing to show.
func (s *Server) hoverAt(ctx context.Context, snap *Snapshot, off pyparse.Offset, markdown bool) (string, protocol.MarkupKind, *pyparse.Range, error) {
	mf, err := s.memoryFor(ctx, snap)
	if err != nil {
		return "", "", nil, err
	}
	if mf.file == nil {
		return "", "", nil, nil
	}
	if mf.err != nil {
		s.logf(protocol.MessageLog, "hover %s: %v", snap.Path, mf.err)
	}
	rep := mf.scopeReport(off)
	if rep == nil {
		return "", "", nil, nil
	}
	mf.scale(s, rep)
	line := mf.file.Lines.Line(off)
	var parts []string
	var rng *pyparse.Range
	if nm := nameAt(mf.file.Module, off); nm != nil {
		if b := bufferFor(rep, nm.ID, line); b != nil {
			parts = append(parts, describeBuffer(b, markdown)+describeBindings(rep))
			r := pyparse.Range(nm.Span())
			rng = &r
		}
	}
	if live, ok := liveAt(rep, line); ok {
		parts = append(parts, describeLive(rep, line, live))
	}
	if len(parts) == 0 {
		return "", "", nil, nil
	}
	kind := protocol.PlainText
	sep := "\n"
	if markdown {
		kind, sep = protocol.Markdown, "\n\n"
	}
	return strings.Join(parts, sep), kind, rng, nil
}

// describeBuffer renders one array: "`z`: float32[10,000,000 × 8], 305.2 MiB (320,000,000
// bytes), allocated at line 11 by `np.zeros(...)`".
func describeBuffer(b *memory.Lifetime, markdown bool) string {
	q := func(s string) string {
		if markdown {
			return "`" + s + "`"
		}
		return s
	}
	shape, size := formatShape(b.DType, b.Shape), ""
	if len(b.ShapeExpr) == len(b.Shape) && len(b.ShapeExpr) > 0 {
		shape = formatShapeExpr(b.DType, b.ShapeExpr)
	}
	if b.BytesExpr != "" {
		size = memory.PrettyExpr(b.BytesExpr) + " B = "
	}
	s := fmt.Sprintf("%s: %s, %s%s (%s bytes), allocated at line %d", q(b.Name), shape, size,
		memory.FormatBytes(b.Bytes), memory.Commas(b.Bytes), b.Line)
	if b.Site != 0 && b.Site != b.Line {
		s += fmt.Sprintf(" (line %d inside the call)", b.Site)
	}
	if b.Expr != "" {
		s += " by " + q(b.Expr)
	}
	return s
}

// describeBindings names the values from outside the program the estimate used: "; with size =
// 20,000 (argparse default, line 17)".
func describeBindings(r *memory.Report) string {
	if t := r.SymbolsText(); t != "" {
		return "; " + t
	}
	return ""
}

// describeLive renders the memory live at line against the target and the scope's peak.
func describeLive(r *memory.Report, line int, live int64) string {
	scope := "the module"
	if r.Scope != "<module>" {
		scope = r.Scope + "()"
	}
	atLeast := ""
	if r.PeakIsLowerBound {
		atLeast = "≥ " // some allocation's size is unknown
	}
	s := fmt.Sprintf("Line %d: %s%s live", line, atLeast, memory.FormatBytes(live))
	if r.TargetBytes != nil && *r.TargetBytes > 0 {
		s += fmt.Sprintf(", %s of %s (%s)", percent(live, *r.TargetBytes), r.Target, memory.FormatBytes(*r.TargetBytes))
	}
	if r.PeakBytes > 0 || r.PeakIsLowerBound {
		s += fmt.Sprintf("; peak of %s %s%s", scope, atLeast, memory.FormatBytes(r.PeakBytes))
		if r.PeakLine > 0 {
			s += fmt.Sprintf(" at line %d", r.PeakLine)
		}
	}
	if r.TargetBytes == nil {
		s += " (no memory target: set `target` in `[tool.arraylint.memory]`, the editor's `arraylint.target` setting or a `# arraylint: target` comment)"
	}
	return s
}

// percent formats a/b as a percentage with one decimal, or "<0.1%".
func percent(a, b int64) string {
	p := 100 * float64(a) / float64(b)
	if p > 0 && p < 0.1 {
		return "<0.1%"
	}
	return fmt.Sprintf("%.1f%%", p)
}
