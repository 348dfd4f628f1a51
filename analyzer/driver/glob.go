package driver

import (
	"fmt"
	"regexp"
	"strings"
)

// glob is a gitignore-style path pattern: `*` and `?` stay inside one path segment, `**` spans
// segments, `[...]` is a character class. A pattern without a slash (other than a trailing one)
// matches a file or directory name at any depth; one with a slash is anchored to the base
// directory. A trailing slash matches directories only. A match of a directory covers everything
// under it.
type glob struct {
	pattern string
	negate  bool // gitignore "!pattern"
	dirOnly bool
	re      *regexp.Regexp
}

// compileGlob compiles pattern; negation ("!") is honoured only when allowNegate is set.
func compileGlob(pattern string, allowNegate bool) (*glob, error) {
	g := &glob{pattern: pattern}
	p := pattern
	if allowNegate && strings.HasPrefix(p, "!") {
		g.negate = true
		p = p[1:]
	}
	if strings.HasSuffix(p, "/") {
		g.dirOnly = true
		p = strings.TrimRight(p, "/")
	}
	if p == "" {
		return nil, fmt.Errorf("compile pattern %q: empty", pattern)
	}
	anchored := strings.Contains(p, "/")
	p = strings.TrimPrefix(p, "/")
	var b strings.Builder
	b.WriteString("^")
	if !anchored {
		b.WriteString("(?:.*/)?")
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '*' && strings.HasPrefix(p[i:], "**"):
			switch {
			case strings.HasPrefix(p[i:], "**/"):
				b.WriteString("(?:.*/)?")
				i += 2
			default:
				b.WriteString(".*")
				i++
			}
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			j := strings.IndexByte(p[i+1:], ']')
			if j < 0 {
				return nil, fmt.Errorf("compile pattern %q: unclosed [", pattern)
			}
			class := p[i+1 : i+1+j]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += j + 1
		case c == '\\' && i+1 < len(p):
			i++
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("compile pattern %q: %w", pattern, err)
	}
	g.re = re
	return g, nil
}

// match reports whether rel (slash-separated, relative to the pattern's base) matches itself,
// not counting matches of its parent directories.
func (g *glob) match(rel string, isDir bool) bool {
	if g.dirOnly && !isDir {
		return false
	}
	return g.re.MatchString(rel)
}

// matchPath reports whether rel or any of its parent directories matches.
func (g *glob) matchPath(rel string, isDir bool) bool {
	if g.match(rel, isDir) {
		return true
	}
	for i := len(rel) - 1; i > 0; i-- {
		if rel[i] == '/' && g.match(rel[:i], true) {
			return true
		}
	}
	return false
}
