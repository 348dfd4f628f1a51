package absint

import (
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the str operations a run that follows one path knows: %-formatting of
// known strings with %s and %d, int() and float() of known text (a size parsed from a string),
// and eval of a string that names a value (`eval("numpy.%s" % args.dtype)`, a benchmark harness
// choosing its dtype from the command line). len() and list() of a string are calls.go's, the
// re module pyre.go's.

// strMethods are the str methods evaluated on known text (strMethod).
var strMethods = map[string]bool{"split": true, "rsplit": true, "strip": true, "lstrip": true,
	"rstrip": true, "lower": true, "upper": true, "replace": true}

// strMethod is s.name(…) on a string: on known text with known arguments, the known result
// (`"16*16*1".split("*")`, a size list from the command line); a string or list of unknown text
// otherwise, never an array.
func strMethod(s vStr, name string, c *call) value {
	arg := func(i int) (string, bool, bool) { // text, given, known
		if i >= len(c.args) {
			return "", false, true
		}
		if _, none := c.args[i].(vNone); none {
			return "", false, true
		}
		a, ok := c.args[i].(vStr)
		return a.s, true, ok && !a.unknown
	}
	if s.unknown || len(c.kw) > 0 {
		return vUnknown{}
	}
	switch name {
	case "split", "rsplit":
		sep, given, ok := arg(0)
		if !ok || len(c.args) > 1 || (given && sep == "") {
			return vUnknown{}
		}
		var parts []string
		if given {
			parts = strings.Split(s.s, sep)
		} else {
			parts = strings.Fields(s.s)
		}
		elts := make([]value, len(parts))
		for i, p := range parts {
			elts[i] = vStr{s: p}
		}
		return vList{&pyList{refs: 1, elts: elts}}
	case "strip", "lstrip", "rstrip":
		chars, given, ok := arg(0)
		if !ok || len(c.args) > 1 {
			return vUnknown{}
		}
		if !given {
			chars = " \t\n\r\x0b\x0c"
		}
		switch name {
		case "lstrip":
			return vStr{s: strings.TrimLeft(s.s, chars)}
		case "rstrip":
			return vStr{s: strings.TrimRight(s.s, chars)}
		}
		return vStr{s: strings.Trim(s.s, chars)}
	case "lower", "upper":
		if len(c.args) > 0 {
			return vUnknown{}
		}
		if name == "lower" {
			return vStr{s: strings.ToLower(s.s)}
		}
		return vStr{s: strings.ToUpper(s.s)}
	case "replace":
		old, _, ok1 := arg(0)
		repl, _, ok2 := arg(1)
		if !ok1 || !ok2 || len(c.args) != 2 {
			return vUnknown{}
		}
		return vStr{s: strings.ReplaceAll(s.s, old, repl)}
	}
	return vUnknown{}
}

// numberOfString is int(s) or float(s) of a known string (one argument; Python's rules,
// bindings.PyInt and PyFloat); ok is false for anything else, or text Python would reject.
func numberOfString(name string, c *call) (value, bool) {
	if len(c.args) != 1 || len(c.kw) > 0 {
		return nil, false
	}
	str, ok := c.args[0].(vStr)
	if !ok || str.unknown {
		return nil, false
	}
	switch name {
	case "int":
		if n, ok := bindings.PyInt(str.s); ok {
			return knownInt(n), true
		}
	case "float":
		if x, ok := bindings.PyFloat(str.s); ok {
			return realFloat(x), true
		}
	}
	return nil, false
}

// formatPercent is `format % args` for a known format and known arguments (a value or a
// tuple of them), with %s, %d, %i and %%; ok is false for anything else.
func formatPercent(format string, args value) (string, bool) {
	var vals []value
	if t, ok := args.(vTuple); ok {
		vals = t.elts
	} else {
		vals = []value{args}
	}
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch != '%' {
			b.WriteByte(ch)
			continue
		}
		if i+1 >= len(format) {
			return "", false
		}
		i++
		verb := format[i]
		if verb == '%' {
			b.WriteByte('%')
			continue
		}
		if next >= len(vals) {
			return "", false
		}
		v := vals[next]
		next++
		switch verb {
		case 's':
			switch v := v.(type) {
			case vStr:
				if v.unknown {
					return "", false // an f-string's text is not known
				}
				b.WriteString(v.s)
			case vInt:
				if !v.known {
					return "", false
				}
				b.WriteString(strconv.FormatInt(v.n, 10))
			default:
				return "", false
			}
		case 'd', 'i':
			n, ok := intValue(v)
			if !ok {
				return "", false
			}
			b.WriteString(strconv.FormatInt(n, 10))
		default:
			return "", false
		}
	}
	if next != len(vals) {
		return "", false
	}
	return b.String(), true
}

// evalString is eval(v) of a known string that names a value: an int, or a dotted name read
// where the call stands (a library member through the file's imports). ok is false otherwise.
func (s *Interp) evalString(v value) (value, bool) {
	str, ok := v.(vStr)
	if !ok || str.unknown {
		return nil, false
	}
	text := strings.TrimSpace(str.s)
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return knownInt(n), true
	}
	parts := strings.Split(text, ".")
	for _, p := range parts {
		if !isIdentifier(p) {
			return nil, false
		}
	}
	var e ast.Expr = s.nameNode(parts[0])
	for _, p := range parts[1:] {
		e = &ast.Attribute{Value: e, Attr: p}
	}
	return s.eval(e), true
}

// nameNode returns a Name of the file with id that the imports resolve (so that the name reads
// the import it refers to), or a new Name for a variable.
func (s *Interp) nameNode(id string) *ast.Name {
	var found *ast.Name
	ast.Inspect(s.file.Module, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if nm, ok := n.(*ast.Name); ok && nm.ID == id {
			if _, ok := s.imp.Resolve(nm); ok {
				found = nm
			}
		}
		return true
	})
	if found != nil {
		return found
	}
	return &ast.Name{ID: id}
}

func isIdentifier(p string) bool {
	if p == "" {
		return false
	}
	for i, r := range p {
		if r != '_' && !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// isDType reports whether v is a dtype.
func isDType(v value) bool {
	_, ok := v.(vDType)
	return ok
}
