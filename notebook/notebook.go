// Package notebook reads Jupyter notebooks (nbformat 4) as Python programs and writes edited cell
// sources back into the original bytes.
//
// A notebook becomes a Program: its code cells joined in order, IPython magics, shell escapes and
// help syntax masked as comments of the same length, so every byte offset inside a cell's text is
// also its offset in the cell's source. pyparse parses the Program; positions are mapped back to
// (cell, offset in the cell) with Program.Locate. Rewrite replaces only the `source` values in the
// file's bytes, in the form each had (a list of lines or one string, the same indentation), so the
// key order, outputs, metadata and formatting of everything else stay byte for byte.
//
// The package imports nothing of arraylint's: it sits in front of pyparse in the data flow
// bytes → notebook → pyparse → analyzer.
package notebook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Ext is the file name extension of a notebook.
const Ext = ".ipynb"

// Cell is one cell of a notebook.
type Cell struct {
	// Type is the cell_type: "code", "markdown" or "raw".
	Type string
	// Source is the cell's decoded source text.
	Source string

	// Where the source value lies in the file, and its form, for Rewrite.
	valStart, valEnd int
	list             bool
	items            []item // the list's strings, in order
}

// item is one string of a source list: its raw JSON bytes and decoded text.
type item struct {
	start, end int
	text       string
}

// Notebook is a parsed notebook file.
type Notebook struct {
	// Cells are all the cells, in order; the 1-based number of Cells[i] is i+1.
	Cells []Cell
	// Language is the kernel's language (metadata.language_info.name, else
	// metadata.kernelspec.language), or "" when the metadata names none.
	Language string

	data []byte
}

// Error is a file that is not a notebook arraylint can read: not valid JSON, or not nbformat 4.
type Error struct {
	// Offset is the byte offset in the file the problem was found at.
	Offset int
	// Msg says what is wrong, lowercase.
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// Parse reads a notebook. The error is an *Error for a file that is not valid JSON or not an
// nbformat 4 notebook.
func Parse(data []byte) (*Notebook, error) {
	var raw json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, &Error{Offset: max(int(se.Offset)-1, 0), Msg: "notebook is not valid JSON: " + se.Error()}
		}
		return nil, &Error{Msg: "notebook is not valid JSON: " + err.Error()}
	}
	s := &scanner{data: data}
	nb := &Notebook{data: data}
	if err := s.top(nb); err != nil {
		return nil, err
	}
	return nb, nil
}

// scanner walks JSON that json.Unmarshal has accepted, recording where the values Rewrite needs
// lie. It trusts the syntax, so it only checks the structure of a notebook.
type scanner struct {
	data []byte
	i    int
}

func (s *scanner) ws() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// peek returns the next non-blank byte (0 at the end).
func (s *scanner) peek() byte {
	s.ws()
	if s.i < len(s.data) {
		return s.data[s.i]
	}
	return 0
}

// str scans a string and returns its raw bytes' range.
func (s *scanner) str() (int, int) {
	start := s.i
	s.i++ // opening quote
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case '\\':
			s.i += 2
			continue
		case '"':
			s.i++
			return start, s.i
		}
		s.i++
	}
	return start, s.i
}

// decode returns the text of the raw string data[start:end].
func (s *scanner) decode(start, end int) string {
	var out string
	if json.Unmarshal(s.data[start:end], &out) != nil {
		return ""
	}
	return out
}

// skip scans any value.
func (s *scanner) skip() {
	switch s.peek() {
	case '"':
		s.str()
	case '{', '[':
		depth := 0
		for s.i < len(s.data) {
			switch s.data[s.i] {
			case '"':
				s.str()
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					s.i++
					return
				}
			}
			s.i++
		}
	default:
		for s.i < len(s.data) && !strings.ContainsRune(" \t\r\n,]}", rune(s.data[s.i])) {
			s.i++
		}
	}
}

// object calls member for each key of the object at the scanner, positioned at its value;
// member must scan the value.
func (s *scanner) object(member func(key string)) bool {
	if s.peek() != '{' {
		return false
	}
	s.i++
	for {
		switch s.peek() {
		case '}':
			s.i++
			return true
		case ',':
			s.i++
			continue
		case '"':
			ks, ke := s.str()
			key := s.decode(ks, ke)
			s.peek()
			s.i++ // ':'
			s.ws()
			member(key)
		default:
			return false
		}
	}
}

// array calls elem for each element of the array at the scanner; elem must scan the element.
func (s *scanner) array(elem func()) bool {
	if s.peek() != '[' {
		return false
	}
	s.i++
	for {
		switch s.peek() {
		case ']':
			s.i++
			return true
		case ',':
			s.i++
		case 0:
			return false
		default:
			elem()
		}
	}
}

func (s *scanner) top(nb *Notebook) error {
	version, cellsAt := -1, -1
	var cellErr error
	ok := s.object(func(key string) {
		switch key {
		case "nbformat":
			start := s.i
			s.skip()
			if v, err := strconv.Atoi(string(s.data[start:s.i])); err == nil {
				version = v
			} else {
				version = -2
			}
		case "cells":
			cellsAt, nb.Cells, cellErr = s.i, nil, nil
			if !s.array(func() {
				c, err := s.cell()
				if err != nil && cellErr == nil {
					cellErr = err
				}
				nb.Cells = append(nb.Cells, c)
			}) {
				s.skip()
				if cellErr == nil {
					cellErr = &Error{Offset: cellsAt, Msg: "notebook `cells` is not a list"}
				}
			}
		case "metadata":
			s.metadata(nb)
		default:
			s.skip()
		}
	})
	switch {
	case !ok:
		return &Error{Msg: "notebook is not a JSON object"}
	case version == -1:
		return &Error{Msg: "notebook has no `nbformat` version (nbformat 4 is read)"}
	case version != 4:
		return &Error{Msg: "notebook is not nbformat 4 (only nbformat 4 is read; convert it with `jupyter nbconvert --to notebook`)"}
	case cellErr != nil:
		return cellErr
	case cellsAt < 0:
		return &Error{Msg: "notebook has no `cells` list"}
	}
	return nil
}

// metadata reads the kernel language from the notebook's metadata.
func (s *scanner) metadata(nb *Notebook) {
	var info, spec string
	lang := func(field string, into *string) func(string) {
		return func(key string) {
			if key == field && s.peek() == '"' {
				*into = s.decode(s.str())
				return
			}
			s.skip()
		}
	}
	if !s.object(func(key string) {
		switch key {
		case "language_info":
			if !s.object(lang("name", &info)) {
				s.skip()
			}
		case "kernelspec":
			if !s.object(lang("language", &spec)) {
				s.skip()
			}
		default:
			s.skip()
		}
	}) {
		s.skip()
	}
	nb.Language = info
	if nb.Language == "" {
		nb.Language = spec
	}
}

// cell reads one cell object.
func (s *scanner) cell() (Cell, error) {
	var c Cell
	at := s.i
	var err error
	sawSource := false
	ok := s.object(func(key string) {
		switch key {
		case "cell_type":
			if s.peek() == '"' {
				c.Type = s.decode(s.str())
			} else {
				s.skip()
			}
		case "source":
			// A repeated key wins over the earlier one, as in Python's json.
			sawSource, c.list, c.items, c.Source = true, false, nil, ""
			c.valStart = s.i
			switch s.peek() {
			case '"':
				st, en := s.str()
				c.Source = s.decode(st, en)
			case '[':
				c.list = true
				var b strings.Builder
				if !s.array(func() {
					if s.peek() != '"' {
						err = &Error{Offset: s.i, Msg: "notebook cell source holds a value that is not a string"}
						s.skip()
						return
					}
					st, en := s.str()
					it := item{start: st, end: en, text: s.decode(st, en)}
					c.items = append(c.items, it)
					b.WriteString(it.text)
				}) {
					err = &Error{Offset: c.valStart, Msg: "notebook cell source is not a list"}
				}
				c.Source = b.String()
			default:
				err = &Error{Offset: s.i, Msg: "notebook cell source is neither a string nor a list of strings"}
				s.skip()
			}
			c.valEnd = s.i
		default:
			s.skip()
		}
	})
	switch {
	case !ok:
		s.skip()
		return c, &Error{Offset: at, Msg: "notebook cell is not a JSON object"}
	case err != nil:
		return c, err
	case c.Type == "":
		return c, &Error{Offset: at, Msg: "notebook cell has no `cell_type`"}
	case !sawSource:
		return c, &Error{Offset: at, Msg: "notebook cell has no `source`"}
	}
	return c, nil
}

// IsPython reports whether the notebook's kernel runs Python (or names no language).
func (nb *Notebook) IsPython() bool {
	l := strings.ToLower(nb.Language)
	return l == "" || strings.HasPrefix(l, "python") || l == "ipython" || strings.HasPrefix(l, "ipython")
}

// Rewrite returns the notebook's bytes with the source of each cell in sources (keyed by the
// index into Cells) replaced, and nothing else changed. A source list gets one string per line,
// in the original list's layout; strings whose text is unchanged keep their original bytes.
func (nb *Notebook) Rewrite(sources map[int]string) []byte {
	type repl struct {
		start, end int
		text       []byte
	}
	var rs []repl
	for i := range nb.Cells {
		src, ok := sources[i]
		c := &nb.Cells[i]
		if !ok || src == c.Source {
			continue
		}
		rs = append(rs, repl{c.valStart, c.valEnd, nb.encodeSource(c, src)})
	}
	if len(rs) == 0 {
		return nb.data
	}
	var out bytes.Buffer
	last := 0
	for _, r := range rs { // cells are in file order
		out.Write(nb.data[last:r.start])
		out.Write(r.text)
		last = r.end
	}
	out.Write(nb.data[last:])
	return out.Bytes()
}

// encodeSource writes src as the JSON value of c's source, in the form c's source had.
func (nb *Notebook) encodeSource(c *Cell, src string) []byte {
	old := nb.data[c.valStart:c.valEnd]
	// A file written with ensure_ascii (no byte above 0x7f, \u escapes) keeps that style.
	ascii := bytes.IndexFunc(nb.data, func(r rune) bool { return r >= 0x80 }) < 0 && bytes.Contains(nb.data, []byte(`\u`))
	if !c.list {
		return appendString(nil, src, ascii)
	}
	rawOf := map[string][]byte{}
	for _, it := range c.items {
		if _, ok := rawOf[it.text]; !ok {
			rawOf[it.text] = nb.data[it.start:it.end]
		}
	}
	var open, sep, close []byte
	switch len(c.items) {
	case 0:
		ind := nb.lineIndent(c.valStart)
		unit := nb.indentUnit()
		open = []byte("\n" + ind + unit)
		sep = []byte(",\n" + ind + unit)
		close = []byte("\n" + ind)
	default:
		first, lastIt := c.items[0], c.items[len(c.items)-1]
		open = old[1 : first.start-c.valStart]
		close = old[lastIt.end-c.valStart : len(old)-1]
		if len(c.items) > 1 {
			sep = nb.data[first.end:c.items[1].start]
		} else {
			sep = append([]byte(","), open...)
		}
	}
	lines := splitLines(src)
	var b []byte
	b = append(b, '[')
	if len(lines) == 0 {
		return append(b, ']')
	}
	b = append(b, open...)
	for i, l := range lines {
		if i > 0 {
			b = append(b, sep...)
		}
		if raw, ok := rawOf[l]; ok {
			b = append(b, raw...)
		} else {
			b = appendString(b, l, ascii)
		}
	}
	b = append(b, close...)
	return append(b, ']')
}

// lineIndent returns the blanks that start the line holding offset o.
func (nb *Notebook) lineIndent(o int) string {
	start := bytes.LastIndexByte(nb.data[:o], '\n') + 1
	end := start
	for end < o && (nb.data[end] == ' ' || nb.data[end] == '\t') {
		end++
	}
	return string(nb.data[start:end])
}

// indentUnit guesses one level of the file's indentation from its second line (nbformat writes
// one space).
func (nb *Notebook) indentUnit() string {
	if i := bytes.IndexByte(nb.data, '\n'); i >= 0 {
		j := i + 1
		for j < len(nb.data) && (nb.data[j] == ' ' || nb.data[j] == '\t') {
			j++
		}
		if j > i+1 {
			return string(nb.data[i+1 : j])
		}
	}
	return " "
}

// splitLines splits s after each line break, as nbformat stores a source list.
func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// appendString appends s as a JSON string the way Python's json.dumps(ensure_ascii=False) writes
// it, which is how nbformat saves notebooks; with ascii, as json.dumps(ensure_ascii=True) does
// (every character above U+007F as \u escapes, in surrogate pairs beyond U+FFFF).
func appendString(b []byte, s string, ascii bool) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			b = append(b, `\"`...)
		case r == '\\':
			b = append(b, `\\`...)
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\b':
			b = append(b, `\b`...)
		case r == '\f':
			b = append(b, `\f`...)
		case r < 0x20:
			b = fmt.Appendf(b, `\u%04x`, r)
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case ascii && r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			b = fmt.Appendf(b, `\u%04x\u%04x`, r1, r2)
		case ascii && r >= 0x80:
			b = fmt.Appendf(b, `\u%04x`, r)
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// FileLine returns the 1-based line of the file that holds line (1-based) of the source of
// Cells[cell]: the line of the list string the line starts in (nbformat writes one string per
// line, each on its own line of the file), or the line of the source string. It returns 0 when
// the cell or line does not exist.
func (nb *Notebook) FileLine(cell, line int) int {
	if cell < 0 || cell >= len(nb.Cells) || line < 1 {
		return 0
	}
	c := &nb.Cells[cell]
	at := c.valStart
	if c.list {
		n := 1 // the line of the source the current item starts in
		found := false
		for _, it := range c.items {
			if n >= line {
				at, found = it.start, true
				break
			}
			n += strings.Count(it.text, "\n")
			if n > line { // line starts inside this item
				at, found = it.start, true
				break
			}
		}
		if !found {
			if len(c.items) == 0 || n < line {
				return 0
			}
			at = c.items[len(c.items)-1].start
		}
	} else if line > strings.Count(c.Source, "\n")+1 {
		return 0
	}
	return bytes.Count(nb.data[:at], []byte("\n")) + 1
}
