package driver

// This file decodes a TOML document into generic values (tables as map[string]any, arrays as
// []any, integers as int64, floats as float64, strings, bools) from go-toml's syntax tree
// (unstable.Parser), recording the line of every key on the way.
//
// go-toml's own decoder (toml.Unmarshal) tracks the keys it has seen in a list it searches
// linearly for every key, so a table of n keys costs O(n²): a [per-file-ignores] table of
// 100,000 entries took 42 s, 200,000 took 113 s. Here every table keeps its keys in a map, so
// the cost is linear in the document's size (bench/configscale.sh). The rules of TOML 1.0 that
// a decoder enforces are enforced here too: a key defined twice, a table defined twice by a
// header, a header naming a table made by dotted keys, a dotted key extending a table a header
// made, anything added to an inline table, [[array]] after a static array.

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// maxKeyDepth is the most segments a key path may have, counting the table it is in and the
// inline tables around it: a configuration's deepest is tool.arraylint.rules.RULE.OPTION.
// Without a limit a 2 MB header of 1,000,000 segments is read (linearly) into 1 GB of tables;
// go-toml limits arrays and inline tables to 10,000 levels the same way.
const maxKeyDepth = 1000

// tomlKind is how a key of a table came to be, which decides what may extend it.
type tomlKind int

const (
	tomlValue       tomlKind = iota // key = value (inline tables and arrays included)
	tomlImplicit                    // a table named only as the parent of a header: [a.b] makes a
	tomlHeader                      // a table defined by its header [a]
	tomlDotted                      // a table made by a dotted key a.b = 1
	tomlArrayTables                 // an array of tables [[a]]
)

// tomlEntry is one key of a table under construction.
type tomlEntry struct {
	kind   tomlKind
	value  any          // tomlValue
	table  *tomlTable   // the tables
	tables []*tomlTable // tomlArrayTables
}

// tomlTable is a table under construction.
type tomlTable struct {
	keys map[string]*tomlEntry
}

func newTOMLTable() *tomlTable { return &tomlTable{keys: map[string]*tomlEntry{}} }

// toMap converts t to the generic values toml.Unmarshal would give.
func (t *tomlTable) toMap() map[string]any {
	m := make(map[string]any, len(t.keys))
	for k, e := range t.keys {
		switch e.kind {
		case tomlValue:
			m[k] = e.value
		case tomlArrayTables:
			a := make([]any, len(e.tables))
			for i, s := range e.tables {
				a[i] = s.toMap()
			}
			m[k] = a
		default:
			m[k] = e.table.toMap()
		}
	}
	return m
}

// tomlDecoder builds the document and its key lines from the parser's expressions.
type tomlDecoder struct {
	p      *unstable.Parser
	root   *tomlTable
	lineOf func(off uint32) int
}

// keyError is a semantic error at a key: its line and what is wrong.
func (d *tomlDecoder) keyError(k *unstable.Node, format string, args ...any) error {
	return fmt.Errorf("line %d: %s", d.lineOf(k.Raw.Offset), fmt.Sprintf(format, args...))
}

// header walks (creating) the tables of a [table] or [[array]] header and returns the table
// its keys go into and its depth.
func (d *tomlDecoder) header(e *unstable.Node, array bool) (*tomlTable, int, error) {
	t, depth := d.root, 0
	for it := e.Key(); it.Next(); {
		k := it.Node()
		if depth++; depth > maxKeyDepth {
			return nil, 0, d.keyError(k, "toml: key nested more than the maximum of %d levels deep", maxKeyDepth)
		}
		name := string(k.Data)
		ent := t.keys[name]
		if !it.IsLast() {
			switch {
			case ent == nil:
				ent = &tomlEntry{kind: tomlImplicit, table: newTOMLTable()}
				t.keys[name] = ent
			case ent.kind == tomlArrayTables:
				t = ent.tables[len(ent.tables)-1]
				continue
			case ent.kind == tomlValue:
				return nil, 0, d.keyError(k, "toml: key %s is already defined", name)
			}
			t = ent.table
			continue
		}
		if array {
			switch {
			case ent == nil:
				ent = &tomlEntry{kind: tomlArrayTables}
				t.keys[name] = ent
			case ent.kind != tomlArrayTables:
				return nil, 0, d.keyError(k, "toml: key %s is already defined", name)
			}
			nt := newTOMLTable()
			ent.tables = append(ent.tables, nt)
			return nt, depth, nil
		}
		switch {
		case ent == nil:
			ent = &tomlEntry{kind: tomlHeader, table: newTOMLTable()}
			t.keys[name] = ent
		case ent.kind == tomlImplicit:
			ent.kind = tomlHeader
		default:
			return nil, 0, d.keyError(k, "toml: table %s already exists", name)
		}
		return ent.table, depth, nil
	}
	return t, depth, nil
}

// keyValue sets a key = value expression (or an inline table's member) in t, a table depth
// segments deep.
func (d *tomlDecoder) keyValue(t *tomlTable, kv *unstable.Node, depth int) error {
	for it := kv.Key(); it.Next(); {
		k := it.Node()
		if depth++; depth > maxKeyDepth {
			return d.keyError(k, "toml: key nested more than the maximum of %d levels deep", maxKeyDepth)
		}
		name := string(k.Data)
		ent := t.keys[name]
		if it.IsLast() {
			if ent != nil {
				return d.keyError(k, "toml: key %s is already defined", name)
			}
			v, err := d.value(kv.Value(), depth)
			if err != nil {
				return err
			}
			t.keys[name] = &tomlEntry{kind: tomlValue, value: v}
			return nil
		}
		switch {
		case ent == nil:
			ent = &tomlEntry{kind: tomlDotted, table: newTOMLTable()}
			t.keys[name] = ent
		case ent.kind != tomlDotted:
			return d.keyError(k, "toml: key %s is already defined", name)
		}
		t = ent.table
	}
	return nil
}

// value decodes a value node, the value of a key depth segments deep.
func (d *tomlDecoder) value(v *unstable.Node, depth int) (any, error) {
	switch v.Kind {
	case unstable.String:
		return string(v.Data), nil
	case unstable.Bool:
		return v.Data[0] == 't', nil
	case unstable.Integer:
		return d.integer(v)
	case unstable.Float:
		return d.float(v)
	case unstable.Array:
		out := []any{}
		for it := v.Children(); it.Next(); {
			c := it.Node()
			if c.Kind == unstable.Comment {
				continue
			}
			x, err := d.value(c, depth)
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		}
		return out, nil
	case unstable.InlineTable:
		t := newTOMLTable()
		for it := v.Children(); it.Next(); {
			if c := it.Node(); c.Kind == unstable.KeyValue {
				if err := d.keyValue(t, c, depth); err != nil {
					return nil, err
				}
			}
		}
		return t.toMap(), nil
	case unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime, unstable.DateTime:
		// Rare in a configuration, and one value: go-toml's own decoder gives its types.
		var m map[string]any
		if err := toml.Unmarshal([]byte("v = "+string(v.Data)), &m); err != nil {
			return nil, fmt.Errorf("date %s: %w", v.Data, err)
		}
		return m["v"], nil
	}
	return nil, fmt.Errorf("toml: unexpected %s value", v.Kind)
}

// integer decodes an integer the parser accepted: decimal with sign and underscores, or 0x, 0o,
// 0b; one that does not fit in 64 bits is an error, as in go-toml.
func (d *tomlDecoder) integer(v *unstable.Node) (any, error) {
	s := strings.ReplaceAll(string(v.Data), "_", "")
	base := 10
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x':
			base = 16
		case 'o':
			base = 8
		case 'b':
			base = 2
		}
		if base != 10 {
			s = s[2:]
		}
	}
	n, err := strconv.ParseInt(s, base, 64)
	if err != nil {
		return nil, fmt.Errorf("integer %s: too large to fit in a 64-bit signed integer", v.Data)
	}
	return n, nil
}

// float decodes a float the parser accepted, inf and nan included.
func (d *tomlDecoder) float(v *unstable.Node) (any, error) {
	s := strings.ReplaceAll(string(v.Data), "_", "")
	switch strings.TrimLeft(s, "+-") {
	case "inf":
		if s[0] == '-' {
			return math.Inf(-1), nil
		}
		return math.Inf(1), nil
	case "nan":
		return math.NaN(), nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, fmt.Errorf("float %s: %w", v.Data, err)
	}
	return f, nil
}
