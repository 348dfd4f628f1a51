package notebook

// This file defines how IPython syntax is masked so that a cell parses as Python: line magics
// (`%timeit f()`), shell escapes (`!pip install x`), assignments from them (`files = !ls`,
// `t = %time f()`), help (`np.zeros?`, `??np.zeros`) and cell magics (`%%time` keeps its Python
// body; `%%bash` and other non-Python cell magics mask the whole cell). Every mask has the length
// of what it replaces and turns it into a comment (or `0#` for the right side of an assignment),
// so offsets in the masked text are offsets in the cell's source.

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Mask is one masked span of a cell: its offset in the cell's source and the original bytes.
type Mask struct {
	Offset int
	Orig   string
}

// pythonCellMagics are the cell magics whose body is Python run as usual.
var pythonCellMagics = map[string]bool{
	"time": true, "timeit": true, "capture": true, "prun": true, "python": true, "python3": true,
	"debug": true, "memit": true, "mprun": true, "px": true, "snakeviz": true, "scalene": true,
}

var (
	// assignMagic matches `a, b = !cmd` and `x = %magic args` up to the `!` or `%`.
	assignMagic = regexp.MustCompile(`^[ \t]*[A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*[ \t]*=[ \t]*[!%]`)
	// helpSuffix matches `obj?`, `obj.attr??` and `%magic?` lines.
	helpSuffix = regexp.MustCompile(`^[ \t]*%{0,2}[A-Za-z_][\w.]*(?:\(\))?\*?[\w.]*(\?{1,2})[ \t]*$`)
)

// MaskCell returns the source of a code cell with IPython syntax masked, and the masks.
func MaskCell(src string) (string, []Mask) {
	if src == "" {
		return src, nil
	}
	b := []byte(src)
	var masks []Mask
	comment := func(at int) { // the rune at b[at] becomes '#' plus blanks
		_, size := utf8.DecodeRune(b[at:])
		masks = append(masks, Mask{Offset: at, Orig: string(b[at : at+size])})
		b[at] = '#'
		for k := 1; k < size; k++ {
			b[at+k] = ' '
		}
	}
	lines := lineStarts(src)
	if first := strings.TrimLeft(src, " \t"); strings.HasPrefix(first, "%%") {
		name := first[2:]
		if i := strings.IndexAny(name, " \t\r\n"); i >= 0 {
			name = name[:i]
		}
		if !pythonCellMagics[name] {
			for _, st := range lines {
				if st < len(b) && b[st] != '\n' && b[st] != '\r' {
					comment(st)
				}
			}
			return string(b), masks
		}
		comment(len(src) - len(first)) // the `%%time` line; the body is Python
		lines = lines[1:]
	}
	var st scanState
	for _, ls := range lines {
		le := len(src)
		if i := strings.IndexByte(src[ls:], '\n'); i >= 0 {
			le = ls + i
		}
		line := src[ls:le]
		if st.continued() {
			st.scan(line)
			continue
		}
		trim := strings.TrimLeft(line, " \t")
		ind := ls + len(line) - len(trim)
		switch {
		case trim == "":
		case trim[0] == '%' || trim[0] == '!' || trim[0] == '?':
			comment(ind)
			continue // the rest of the line is not Python: do not let it open a bracket
		case assignMagic.MatchString(line):
			at := ls + len(assignMagic.FindString(line)) - 1
			masks = append(masks, Mask{Offset: at, Orig: src[at : at+1]})
			b[at] = '0'
			if at+1 < le {
				comment(at + 1)
			}
			continue
		default:
			if m := helpSuffix.FindStringSubmatchIndex(line); m != nil {
				comment(ls + m[2])
				continue
			}
		}
		st.scan(line)
	}
	return string(b), masks
}

// lineStarts returns the offset of each line of s.
func lineStarts(s string) []int {
	out := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && i+1 < len(s) {
			out = append(out, i+1)
		}
	}
	return out
}

// scanState follows brackets, triple-quoted strings and backslash continuations across lines,
// so that `%` starting a continuation line (a modulo) is not taken for a magic.
type scanState struct {
	depth     int
	triple    string // the open triple quote, or ""
	backslash bool
}

func (s *scanState) continued() bool { return s.depth > 0 || s.triple != "" || s.backslash }

// scan advances the state over one line (without its line break).
func (s *scanState) scan(line string) {
	s.backslash = false
	line = strings.TrimRight(line, "\r")
	for i := 0; i < len(line); i++ {
		if s.triple != "" {
			if line[i] == '\\' {
				i++
				continue
			}
			if strings.HasPrefix(line[i:], s.triple) {
				i += 2
				s.triple = ""
			}
			continue
		}
		switch c := line[i]; c {
		case '#':
			return
		case '(', '[', '{':
			s.depth++
		case ')', ']', '}':
			s.depth = max(s.depth-1, 0)
		case '\\':
			if i == len(line)-1 {
				s.backslash = true
				return
			}
			i++
		case '"', '\'':
			q := string(c)
			if strings.HasPrefix(line[i:], q+q+q) {
				s.triple = q + q + q
				i += 2
				continue
			}
			for i++; i < len(line) && line[i] != c; i++ {
				if line[i] == '\\' {
					i++
				}
			}
		}
	}
}
