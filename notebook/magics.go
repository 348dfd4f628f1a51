package notebook

// This file defines how IPython syntax is masked so that a cell parses as Python: line magics
// (`%timeit f()`), shell escapes (`!pip install x`, continued over lines ending in a backslash),
// assignments from them (`files = !ls`, `t = %time f()`), help (`np.zeros?`, `??np.zeros`) and
// cell magics (`%%time` keeps its Python body; `%%bash` and other non-Python cell magics mask the
// whole cell). Every mask has the length of what it replaces: a magic becomes the statement `0`
// followed by a comment (`0#timeit f()`), which still fills a block it is alone in; help suffixes
// and the lines of a non-Python cell become comments. Offsets in the masked text are therefore
// offsets in the cell's source.

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
	// statement masks the magic starting at b[at] as `0#…`: an expression statement, so that a
	// magic alone in a block (`try:` then `%tensorflow_version 2.x`) still makes a block.
	statement := func(at, le int) {
		masks = append(masks, Mask{Offset: at, Orig: src[at : at+1]})
		b[at] = '0'
		if at+1 < le && b[at+1] != '\r' {
			comment(at + 1)
		}
	}
	var st scanState
	magicCont := false    // the previous line was a magic that goes on: so does this one
	var magicSt scanState // the brackets and continuation of that magic
	for _, ls := range lines {
		le := len(src)
		if i := strings.IndexByte(src[ls:], '\n'); i >= 0 {
			le = ls + i
		}
		line := src[ls:le]
		trim := strings.TrimLeft(line, " \t")
		ind := ls + len(line) - len(trim)
		if magicCont {
			if t := strings.TrimRight(trim, "\r"); t != "" {
				comment(ind)
			}
			magicSt.scan(line)
			magicCont = magicSt.continued()
			continue
		}
		if st.continued() {
			st.scan(line)
			continue
		}
		switch {
		case trim == "" || trim[0] == '\r':
		case trim[0] == '%' || trim[0] == '!' || trim[0] == '?' || isAutomagic(trim):
			statement(ind, le)
			// A backslash at the end, or a bracket left open (`%timeit f(a,` then `b)`),
			// continues the magic on the next line.
			var rest scanState
			rest.scan(line[ind-ls+1:])
			magicCont = rest.continued()
			magicSt = rest
			continue
		case assignMagic.MatchString(line):
			at := ls + len(assignMagic.FindString(line)) - 1
			statement(at, le)
			var rest scanState
			rest.scan(src[at+1 : le])
			magicCont, magicSt = rest.continued(), rest
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

// automagics are IPython's line magics and shell aliases that run without their `%` when
// automagic is on (IPython's default): `pip install x`, `ls -l`, `timeit f(x)`.
var automagics = map[string]bool{
	"alias": true, "autoreload": true, "bookmark": true, "cat": true, "cd": true, "clear": true,
	"conda": true, "config": true, "cp": true, "less": true, "man": true, "mv": true, "rm": true,
	"dhist": true, "env": true, "history": true, "load": true, "load_ext": true, "ls": true,
	"matplotlib": true, "mkdir": true, "pdb": true, "pip": true, "prun": true, "psearch": true,
	"pwd": true, "pylab": true, "reload_ext": true, "rmdir": true, "run": true, "store": true,
	"timeit": true, "who": true, "whos": true, "xmode": true,
}

// isAutomagic reports whether a line (its indentation removed) is a magic without its `%`: an
// automagic name, blanks, and then something that cannot continue a Python statement starting
// with that name (`ls -la`, `pip install x`, `cd ..`), not `ls = []`, `run(x)` or `pwd - 1`.
func isAutomagic(line string) bool {
	i := 0
	for i < len(line) && (line[i] == '_' || 'a' <= line[i] && line[i] <= 'z') {
		i++
	}
	if i == 0 || !automagics[line[:i]] || i == len(line) || (line[i] != ' ' && line[i] != '\t') {
		return false
	}
	rest := strings.TrimLeft(line[i:], " \t")
	if rest == "" || rest[0] == '\r' || rest[0] == '#' {
		return false
	}
	switch c := rest[0]; {
	case c == '-':
		return len(rest) > 1 && (rest[1] == '-' || 'a' <= rest[1] && rest[1] <= 'z' || 'A' <= rest[1] && rest[1] <= 'Z')
	case c == '.':
		return strings.HasPrefix(rest, "..") || strings.HasPrefix(rest, "./")
	case strings.ContainsRune("=([,:;+*/%<>&|^@!", rune(c)):
		return false
	}
	// A keyword after the name makes a Python statement (`ls if x else y`, `pwd in seen`).
	word := rest
	if j := strings.IndexAny(word, " \t\r("); j >= 0 {
		word = word[:j]
	}
	switch word {
	case "if", "else", "in", "is", "and", "or", "not", "for", "as":
		return false
	}
	return true
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
