package absint

import (
	"regexp"
	"strings"
)

// This file defines the re module on known strings, which programs parse their sizes and
// subscripts with (`re.match(r"([a-z]*),([a-z]*)->([a-z]*)", expr)` choosing einsum's operand
// ranks, `re.fullmatch(r"(\d+)x(\d+)", size)`): re.match, fullmatch, search and compile, a
// match's group and groups. A pattern Go's RE2 engine does not take the same way (a
// backreference, a lookaround) or flags other than 0 leave the result unknown, and so does a
// string or pattern whose text is not known.

type (
	// vRegex is a compiled pattern (re.compile).
	vRegex struct{ pattern string }
	// vMatch is a match of a known pattern on a known string: the text of each group (0: the
	// whole match), set false for a group that did not take part (None).
	vMatch struct {
		groups []string
		set    []bool
	}
)

// reCompile translates a Python pattern for the way it is applied: at the start (match), the
// whole string (fullmatch) or anywhere (search). ok is false for a pattern RE2 rejects.
func reCompile(pattern, how string) (*regexp.Regexp, bool) {
	if strings.Contains(pattern, "(?<") || strings.Contains(pattern, "(?=") || strings.Contains(pattern, "(?!") {
		return nil, false // lookarounds: Python's, not RE2's ((?<name>…) is RE2's, but rare in Python)
	}
	p := "(?:" + pattern + ")"
	switch how {
	case "match":
		p = `\A` + p
	case "fullmatch":
		p = `\A` + p + `\z`
	}
	re, err := regexp.Compile(p)
	return re, err == nil
}

// reApply is re.<how>(pattern, string) on known text: a vMatch, None when it does not match, or
// unknown.
func reApply(pattern, how string, str value, flags value) value {
	s, ok := str.(vStr)
	if !ok || s.unknown {
		return vUnknown{}
	}
	if !noFlags(flags) {
		return vUnknown{}
	}
	re, ok := reCompile(pattern, how)
	if !ok {
		return vUnknown{}
	}
	idx := re.FindStringSubmatchIndex(s.s)
	if idx == nil {
		return vNone{}
	}
	m := vMatch{groups: make([]string, len(idx)/2), set: make([]bool, len(idx)/2)}
	for g := range m.groups {
		if idx[2*g] >= 0 {
			m.groups[g], m.set[g] = s.s[idx[2*g]:idx[2*g+1]], true
		}
	}
	return m
}

// noFlags reports whether a flags argument is absent or 0 (flags change what a pattern matches).
func noFlags(flags value) bool {
	if flags == nil {
		return true
	}
	f, ok := intValue(flags)
	return ok && f == 0
}

// callRe is a call of the re module's function name.
func callRe(name string, c *call) value {
	if len(c.args) < 1 {
		return vUnknown{}
	}
	p, ok := c.args[0].(vStr)
	if !ok || p.unknown {
		return vUnknown{}
	}
	flags := c.kw["flags"]
	switch name {
	case "compile":
		if len(c.args) > 1 {
			flags = c.args[1]
		}
		if !noFlags(flags) {
			return vUnknown{}
		}
		return vRegex{pattern: p.s}
	case "match", "fullmatch", "search":
		if len(c.args) < 2 {
			return vUnknown{}
		}
		if len(c.args) > 2 {
			flags = c.args[2]
		}
		return reApply(p.s, name, c.args[1], flags)
	}
	return vUnknown{}
}

// regexMethod is pattern.match(s) and the like on a compiled pattern.
func regexMethod(r vRegex, name string, c *call) value {
	switch name {
	case "match", "fullmatch", "search":
		if len(c.args) == 1 && len(c.kw) == 0 {
			return reApply(r.pattern, name, c.args[0], nil)
		}
	}
	return vUnknown{}
}

// matchMethod is m.group(…) or m.groups() on a match.
func matchMethod(m vMatch, name string, c *call) value {
	group := func(v value) value {
		g, ok := intValue(v)
		if !ok || g < 0 || int(g) >= len(m.groups) {
			return vUnknown{}
		}
		if !m.set[g] {
			return vNone{}
		}
		return vStr{s: m.groups[g]}
	}
	switch name {
	case "group":
		switch len(c.args) {
		case 0:
			return vStr{s: m.groups[0]}
		case 1:
			return group(c.args[0])
		}
		elts := make([]value, len(c.args))
		for i, a := range c.args {
			elts[i] = group(a)
		}
		return vTuple{elts}
	case "groups":
		if len(c.args) > 0 || len(c.kw) > 0 {
			return vUnknown{}
		}
		elts := make([]value, len(m.groups)-1)
		for i := range elts {
			elts[i] = group(knownInt(int64(i + 1)))
		}
		return vTuple{elts}
	}
	return vUnknown{}
}
