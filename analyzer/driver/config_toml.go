package driver

// This file reads TOML documents into generic values plus the line of every key, so configuration
// errors can name the line of the offending key.

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// tomlDoc is a decoded TOML document and the 1-based line where each key path first appears.
//
// The lines are a tree of key segments, not a map of joined paths: a dotted key or table header
// of k segments then costs O(k) to record, where joining each of its k prefixes cost O(k²) (a
// 200 KB header of 100,000 segments took more than 60 s and 2.8 GiB). Lines come from one
// index of the line starts, not by counting newlines from the file's start for each key (which
// made 200,000 per-file-ignores entries take 113 s). bench/configscale.sh measures both.
type tomlDoc struct {
	values map[string]any
	lines  keyLines
}

// keyLines is one key segment's line and the segments under it.
type keyLines struct {
	line int
	sub  map[string]*keyLines
}

// child returns the node of segment seg under t, made with line if it is new.
func (t *keyLines) child(seg string, line int) *keyLines {
	if c, ok := t.sub[seg]; ok {
		return c
	}
	if t.sub == nil {
		t.sub = map[string]*keyLines{}
	}
	c := &keyLines{line: line}
	t.sub[seg] = c
	return c
}

// line returns the line of the key path (segments joined by "."), or of its closest recorded
// ancestor, or 1. A segment may hold dots itself (a quoted key such as a per-file-ignores glob
// "tests/*.py"): where the segment up to the next dot is not a key, the rest of the path is
// tried as one segment.
func (d *tomlDoc) line(path string) int {
	t, line := &d.lines, 1
	for path != "" {
		seg, rest, _ := strings.Cut(path, ".")
		c, ok := t.sub[seg]
		if !ok {
			if c, ok = t.sub[path]; !ok {
				return line
			}
			rest = ""
		}
		t, line, path = c, c.line, rest
	}
	return line
}

// readTOML decodes data, reporting errors with their line.
func readTOML(data []byte) (*tomlDoc, error) {
	doc := &tomlDoc{}
	var starts []int // offsets of the line breaks
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i)
		}
	}
	lineOf := func(off uint32) int {
		n, _ := slices.BinarySearch(starts, int(off))
		return 1 + n
	}
	var p unstable.Parser
	p.Reset(data)
	dec := &tomlDecoder{p: &p, root: newTOMLTable(), lineOf: lineOf}
	table, lines := dec.root, &doc.lines
	var record func(under *keyLines, kv *unstable.Node)
	record = func(under *keyLines, kv *unstable.Node) {
		t, line := under, 0
		for it := kv.Key(); it.Next(); {
			k := it.Node()
			if line == 0 {
				line = lineOf(k.Raw.Offset)
			}
			t = t.child(string(k.Data), line)
		}
		if v := kv.Value(); v.Kind == unstable.InlineTable {
			for it := v.Children(); it.Next(); {
				if c := it.Node(); c.Kind == unstable.KeyValue {
					record(t, c)
				}
			}
		}
	}
	depth := 0 // of table
	for p.NextExpression() {
		e := p.Expression()
		var err error
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			if table, depth, err = dec.header(e, e.Kind == unstable.ArrayTable); err != nil {
				return nil, err
			}
			lines = &doc.lines
			line := 0
			for it := e.Key(); it.Next(); {
				k := it.Node()
				if line == 0 {
					line = lineOf(k.Raw.Offset)
				}
				lines = lines.child(string(k.Data), line)
			}
		case unstable.KeyValue:
			if err = dec.keyValue(table, e, depth); err != nil {
				return nil, err
			}
			record(lines, e)
		}
	}
	if err := p.Error(); err != nil {
		var pe *unstable.ParserError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("line %d: toml: %s", lineOf(highlightOffset(&p, pe.Highlight)), pe.Message)
		}
		return nil, err
	}
	doc.values = dec.root.toMap()
	return doc, nil
}

// highlightOffset is the offset in the document of a parser error's highlight (0 when the
// highlight is not part of it).
func highlightOffset(p *unstable.Parser, b []byte) (off uint32) {
	defer func() {
		if recover() != nil {
			off = 0
		}
	}()
	if b == nil {
		return 0
	}
	return p.Range(b).Offset
}
