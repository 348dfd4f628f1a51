package lsp

import (
	"fmt"

	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/pyparse"
)

// Mapper converts between pyparse byte offsets and LSP positions in one document, in the
// position encoding negotiated at initialize (UTF-16 code units by default, UTF-8 bytes when the
// client offers them). Lines end at "\n", "\r\n" or a lone "\r", as pyparse.LineIndex reads them.
type Mapper struct {
	enc   protocol.PositionEncodingKind
	lines *pyparse.LineIndex
	size  int
}

// NewMapper returns a mapper for src. Only UTF8 selects byte columns; any other encoding
// counts UTF-16 code units.
func NewMapper(src []byte, enc protocol.PositionEncodingKind) *Mapper {
	if enc != protocol.UTF8 {
		enc = protocol.UTF16
	}
	return &Mapper{enc: enc, lines: pyparse.NewLineIndex(src), size: len(src)}
}

// Encoding returns the position encoding the mapper uses.
func (m *Mapper) Encoding() protocol.PositionEncodingKind { return m.enc }

// Position returns the LSP position of offset o (clamped to the document).
func (m *Mapper) Position(o pyparse.Offset) protocol.Position {
	var line, col int
	if m.enc == protocol.UTF8 {
		line, col = m.lines.LineCol(o)
	} else {
		line, col = m.lines.LineColUTF16(o)
	}
	return protocol.Position{Line: uint32(line - 1), Character: uint32(col)}
}

// Range returns the LSP range of r.
func (m *Mapper) Range(r pyparse.Range) protocol.Range {
	return protocol.Range{Start: m.Position(r.Start), End: m.Position(r.End)}
}

// Offset returns the byte offset of p. A character past the end of its line means the end of the
// line, as the specification says; a line past the last one is an error, except that the line
// just after the last one, character 0, is the end of the document (clients use it to append).
func (m *Mapper) Offset(p protocol.Position) (pyparse.Offset, error) {
	n := m.lines.LineCount()
	switch {
	case int64(p.Line) < int64(n):
	case int64(p.Line) == int64(n) && p.Character == 0:
		return pyparse.Offset(m.size), nil
	default:
		return 0, fmt.Errorf("map position %d:%d: line out of range (document has %d lines)", p.Line, p.Character, n)
	}
	line := int(p.Line) + 1
	if m.enc == protocol.UTF8 {
		return m.lines.Offset(line, int(min(p.Character, 1<<30))), nil
	}
	return m.lines.OffsetUTF16(line, int(min(p.Character, 1<<30))), nil
}

// OffsetRange returns the byte range of r; it is an error if r ends before it starts.
func (m *Mapper) OffsetRange(r protocol.Range) (pyparse.Range, error) {
	start, err := m.Offset(r.Start)
	if err != nil {
		return pyparse.Range{}, err
	}
	end, err := m.Offset(r.End)
	if err != nil {
		return pyparse.Range{}, err
	}
	if end < start {
		return pyparse.Range{}, fmt.Errorf("map range %d:%d-%d:%d: end before start",
			r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
	}
	return pyparse.Range{Start: start, End: end}, nil
}
