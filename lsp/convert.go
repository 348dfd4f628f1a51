package lsp

import (
	"encoding/json"
	"os"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// diagnosticData is the Diagnostic.data the server attaches: the version the diagnostic was
// computed for and its fix, so a code action needs no second analysis and a stale fix is never
// applied.
type diagnosticData struct {
	Version int32    `json:"version"`
	Fix     *fixData `json:"fix,omitempty"`
}

// fixData is a finding's fix in LSP terms.
type fixData struct {
	Title         string              `json:"title"`
	Applicability string              `json:"applicability"`
	Edits         []protocol.TextEdit `json:"edits"`
}

// toDiagnostic converts a finding of snap to an LSP diagnostic.
func (s *Server) toDiagnostic(snap *Snapshot, f analyzer.Finding) protocol.Diagnostic {
	d := protocol.Diagnostic{
		Range:    snap.Mapper.Range(f.Range),
		Severity: toSeverity(f.Severity),
		Code:     f.Code,
		Source:   "arraylint",
		Message:  f.Message,
	}
	if f.URL != "" {
		href := f.URL
		if !strings.Contains(href, "://") {
			href = s.opts.DocsBase + href
		}
		d.CodeDescription = &protocol.CodeDescription{Href: href}
	}
	if f.Code == driver.UnusedNoqa.Spec.Code {
		d.Tags = []protocol.DiagnosticTag{protocol.TagUnnecessary}
	}
	for _, rel := range f.Related {
		d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: s.relatedLocation(snap, rel),
			Message:  rel.Message,
		})
	}
	data := diagnosticData{Version: snap.Version}
	if fix := f.Fix; fix != nil && fix.Applicability != analyzer.DisplayOnly && len(fix.Edits) > 0 {
		fd := &fixData{Title: fix.Message, Applicability: fix.Applicability.String()}
		for _, e := range fix.Edits {
			fd.Edits = append(fd.Edits, protocol.TextEdit{Range: snap.Mapper.Range(e.Range), NewText: e.NewText})
		}
		data.Fix = fd
	}
	raw, err := json.Marshal(data)
	if err != nil {
		s.bugf("encode diagnostic data: %v", err)
	}
	d.Data = raw
	return d
}

// relatedLocation maps a related location: in snap's own file through its mapper, in another
// open document through that document's mapper, else by reading the file (falling back to the
// finding's byte columns when it cannot be read).
func (s *Server) relatedLocation(snap *Snapshot, rel analyzer.Related) protocol.Location {
	if rel.Path == "" || rel.Path == snap.Path {
		return protocol.Location{URI: snap.URI, Range: snap.Mapper.Range(rel.Range)}
	}
	uri := pathToURI(rel.Path)
	if src, err := os.ReadFile(rel.Path); err == nil && int(rel.Range.End) <= len(src) {
		m := NewMapper(src, snap.Mapper.Encoding())
		return protocol.Location{URI: uri, Range: m.Range(rel.Range)}
	}
	pos := func(line, col int) protocol.Position {
		return protocol.Position{Line: uint32(max(line-1, 0)), Character: uint32(max(col-1, 0))}
	}
	return protocol.Location{URI: uri, Range: protocol.Range{Start: pos(rel.Line, rel.Col), End: pos(rel.EndLine, rel.EndCol)}}
}

func toSeverity(s analyzer.Severity) protocol.DiagnosticSeverity {
	switch s {
	case analyzer.Error:
		return protocol.SeverityError
	case analyzer.Warning:
		return protocol.SeverityWarning
	default:
		return protocol.SeverityInformation
	}
}

// posLess reports whether LSP position a comes before b.
func posLess(a, b protocol.Position) bool {
	return a.Line < b.Line || (a.Line == b.Line && a.Character < b.Character)
}
