package analyzer

// This file reads TOML documents into generic values plus the line of every key, so configuration
// errors can name the line of the offending key.

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// tomlDoc is a decoded TOML document and the 1-based line of each key path ("a.b.c").
type tomlDoc struct {
	values map[string]any
	lines  map[string]int
}

// line returns the line of the key path, or of its closest recorded ancestor, or 1.
func (d *tomlDoc) line(path string) int {
	for {
		if l, ok := d.lines[path]; ok {
			return l
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return 1
		}
		path = path[:i]
	}
}

// readTOML decodes data, reporting syntax errors with their line.
func readTOML(data []byte) (*tomlDoc, error) {
	doc := &tomlDoc{lines: map[string]int{}}
	if err := toml.Unmarshal(data, &doc.values); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, _ := de.Position()
			return nil, fmt.Errorf("line %d: %s", row, de.Error())
		}
		return nil, err
	}
	lineOf := func(off uint32) int { return 1 + bytes.Count(data[:min(int(off), len(data))], []byte{'\n'}) }
	var p unstable.Parser
	p.Reset(data)
	var table []string
	var record func(prefix []string, kv *unstable.Node)
	record = func(prefix []string, kv *unstable.Node) {
		path := append([]string(nil), prefix...)
		line := 0
		for it := kv.Key(); it.Next(); {
			k := it.Node()
			if line == 0 {
				line = lineOf(k.Raw.Offset)
			}
			path = append(path, string(k.Data))
			if _, ok := doc.lines[strings.Join(path, ".")]; !ok {
				doc.lines[strings.Join(path, ".")] = line
			}
		}
		if v := kv.Value(); v.Kind == unstable.InlineTable {
			for it := v.Children(); it.Next(); {
				if c := it.Node(); c.Kind == unstable.KeyValue {
					record(path, c)
				}
			}
		}
	}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = table[:0]
			line := 0
			for it := e.Key(); it.Next(); {
				k := it.Node()
				if line == 0 {
					line = lineOf(k.Raw.Offset)
				}
				table = append(table, string(k.Data))
				if _, ok := doc.lines[strings.Join(table, ".")]; !ok {
					doc.lines[strings.Join(table, ".")] = line
				}
			}
		case unstable.KeyValue:
			record(table, e)
		}
	}
	if err := p.Error(); err != nil {
		return nil, err // unreachable: Unmarshal accepted the document
	}
	return doc, nil
}
