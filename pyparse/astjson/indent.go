package astjson

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// AppendIndent appends the JSON document src (as written by Append or AppendNode; any valid JSON
// is accepted) to dst with one member per line, indented by indent, for every object or array
// whose compact form is longer than width bytes; shorter ones stay on one line. Object keys get a
// space after the colon. Invalid JSON is an error, and dst is returned unchanged.
func AppendIndent(dst, src []byte, indent string, width int) ([]byte, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, src); err != nil {
		return dst, fmt.Errorf("indent json document: %w", err)
	}
	src = compact.Bytes()
	w := &byteWriter{dst}
	ends := matchEnds(src)
	var write func(i, depth int) int
	newline := func(depth int) {
		w.byte('\n')
		for range depth {
			w.WriteString(indent)
		}
	}
	// write writes the value starting at src[i] and returns the index just past it.
	write = func(i, depth int) int {
		c := src[i]
		if c != '{' && c != '[' {
			j := scalarEnd(src, i)
			w.Write(src[i:j])
			return j
		}
		end := ends[i] + 1
		if end-i <= width || src[i+1] == '}' || src[i+1] == ']' {
			w.Write(src[i:end])
			return end
		}
		w.byte(c)
		j := i + 1
		for {
			newline(depth + 1)
			if c == '{' { // key
				k := scalarEnd(src, j)
				w.Write(src[j:k])
				w.WriteString(": ")
				j = k + 1 // skip ':'
			}
			j = write(j, depth+1)
			if src[j] == ',' {
				w.byte(',')
				j++
				continue
			}
			break
		}
		newline(depth)
		w.byte(src[j])
		return j + 1
	}
	write(0, 0)
	return w.b, nil
}

// byteWriter is the small part of bufio.Writer's API that AppendIndent uses, appending to b.
type byteWriter struct{ b []byte }

func (w *byteWriter) byte(c byte)          { w.b = append(w.b, c) }
func (w *byteWriter) WriteString(s string) { w.b = append(w.b, s...) }
func (w *byteWriter) Write(p []byte)       { w.b = append(w.b, p...) }

// matchEnds maps the index of every '{' and '[' of src to the index of its closing bracket.
func matchEnds(src []byte) map[int]int {
	ends := map[int]int{}
	var stack []int
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '"':
			i = scalarEnd(src, i) - 1
		case '{', '[':
			stack = append(stack, i)
		case '}', ']':
			if len(stack) > 0 {
				ends[stack[len(stack)-1]] = i
				stack = stack[:len(stack)-1]
			}
		}
	}
	return ends
}

// scalarEnd returns the index just past the string, number or literal starting at src[i].
func scalarEnd(src []byte, i int) int {
	if src[i] == '"' {
		for j := i + 1; j < len(src); j++ {
			switch src[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return len(src)
	}
	j := i
	for j < len(src) && src[j] != ',' && src[j] != '}' && src[j] != ']' && src[j] != ':' {
		j++
	}
	return j
}
