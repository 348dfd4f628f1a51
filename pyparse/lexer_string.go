package pyparse

// This file defines string and f-string lexing (PEP 701): String tokens, and the FStringStart,
// FStringMiddle and FStringEnd tokens around replacement fields.

import "unicode/utf8"

// strStop marks the bytes that end a run of ordinary string content.
var strStop [256]bool

func init() {
	for _, c := range []byte{'"', '\'', '\\', '\n', '\r'} {
		strStop[c] = true
	}
	for c := utf8.RuneSelf; c < 256; c++ {
		strStop[c] = true
	}
}

// str lexes a string literal whose prefix starts at start and whose opening quote is at q.
func (l *lexer) str(start, q int, flags TokenFlags) {
	src := l.src
	quote := src[q]
	p := q + 1
	triple := p+1 < len(src) && src[p] == quote && src[p+1] == quote
	if triple {
		p += 2
		flags |= FlagTriple
	}
	lines := 0
	for {
		for p < len(src) && !strStop[src[p]] {
			p++
		}
		if p >= len(src) {
			break
		}
		switch c := src[p]; c {
		case quote:
			if !triple {
				l.emit(String, start, p+1, flags)
				l.pos = p + 1
				l.line += lines
				return
			}
			if p+2 < len(src) && src[p+1] == quote && src[p+2] == quote {
				l.emit(String, start, p+3, flags)
				l.pos = p + 3
				l.line += lines
				return
			}
			p++
		case '\\':
			p++
			if p < len(src) {
				switch src[p] {
				case '\n':
					p++
					lines++
				case '\r':
					p++
					if p < len(src) && src[p] == '\n' {
						p++
					}
					lines++
				default:
					if src[p] >= utf8.RuneSelf {
						p = l.rune(p)
					} else {
						p++
					}
				}
			}
		case '\n', '\r':
			if !triple {
				l.unterminated(start, q, p, triple, l.line+lines, flags)
				return
			}
			p++
			if c == '\r' && p < len(src) && src[p] == '\n' {
				p++
			}
			lines++
		case '"', '\'':
			p++ // the other quote character
		default:
			p = l.rune(p)
		}
	}
	l.line += lines
	l.unterminated(start, q, p, triple, l.detectedLine(), flags)
}

// unterminated reports a string literal (prefix at start, quote at q) that runs to p without
// its closing quote. Inside a replacement field, a quote that matches the f-string's own is
// taken as the f-string's end (CPython's "f-string: expecting '}'").
func (l *lexer) unterminated(start, q, p int, triple bool, line int, flags TokenFlags) {
	if f := l.inField(); f != nil && start == q {
		fs := &l.fstrs[len(l.fstrs)-1]
		if fs.quote == l.src[q] && fs.triple == triple {
			qlen := 1
			if triple {
				qlen = 3
			}
			l.errorf(ErrKindToken, q, q+qlen, "f-string: expecting '}'")
			l.closeFString(q, q+qlen, FlagError)
			l.pos = q + qlen
			return
		}
	}
	if triple {
		l.errorf(ErrKindToken, start, q+3, "unterminated triple-quoted string literal (detected at line %d)", line)
	} else {
		l.errorf(ErrKindToken, start, p, "unterminated string literal (detected at line %d)", line)
	}
	l.emit(String, start, p, flags|FlagError)
	l.pos = p
}

// fstringStart lexes an f-string's prefix (at start) and opening quote(s) (at q) and enters
// f-string mode.
func (l *lexer) fstringStart(start, q int, flags TokenFlags) {
	src := l.src
	quote := src[q]
	p := q + 1
	triple := p+1 < len(src) && src[p] == quote && src[p+1] == quote
	if triple {
		p += 2
		flags |= FlagTriple
	}
	if len(l.fstrs) >= maxFStringLevel {
		l.errorf(ErrKindTooDeep, start, p, "too many nested f-strings")
	}
	l.emit(FStringStart, start, p, flags)
	l.fstrs = append(l.fstrs, fstring{
		start:     int32(start),
		quote:     quote,
		triple:    triple,
		raw:       flags&FlagRaw != 0,
		parenBase: len(l.parens),
		fieldBase: len(l.fields),
	})
	l.pos = p
}

// flags returns the token flags of an f-string's tokens.
func (fs *fstring) flags() TokenFlags {
	var f TokenFlags
	if fs.raw {
		f |= FlagRaw
	}
	if fs.triple {
		f |= FlagTriple
	}
	return f
}

// closeFString emits the innermost f-string's FStringEnd over [start, end) and leaves it,
// dropping its open fields and brackets.
func (l *lexer) closeFString(start, end int, flags TokenFlags) {
	fs := l.fstrs[len(l.fstrs)-1]
	l.emit(FStringEnd, start, end, fs.flags()|flags)
	l.fields = l.fields[:fs.fieldBase]
	l.parens = l.parens[:fs.parenBase]
	l.fstrs = l.fstrs[:len(l.fstrs)-1]
}

// fstringMiddle lexes f-string literal text (top level or format spec) at l.pos up to the next
// replacement field, the end of the field whose spec this is, or the closing quote.
func (l *lexer) fstringMiddle() {
	src := l.src
	fs := &l.fstrs[len(l.fstrs)-1]
	inSpec := len(l.fields) > fs.fieldBase
	flags := fs.flags()
	start := l.pos
	p := start
	flush := func(end int) {
		if end > start {
			l.emit(FStringMiddle, start, end, flags)
		}
	}
	for p < len(src) {
		c := src[p]
		switch {
		case c == fs.quote:
			if !fs.triple {
				flush(p)
				l.closeFString(p, p+1, 0)
				l.pos = p + 1
				return
			}
			if p+2 < len(src) && src[p+1] == c && src[p+2] == c {
				flush(p)
				l.closeFString(p, p+3, 0)
				l.pos = p + 3
				return
			}
			p++
		case c == '{':
			if !inSpec && p+1 < len(src) && src[p+1] == '{' {
				p += 2
				continue
			}
			flush(p)
			l.pos = p
			l.open('{')
			l.emit(LBrace, p, p+1, 0)
			l.fields = append(l.fields, field{parenIdx: len(l.parens) - 1})
			l.pos = p + 1
			return
		case c == '}':
			if inSpec {
				flush(p)
				l.emit(RBrace, p, p+1, 0)
				l.parens = l.parens[:len(l.parens)-1]
				l.fields = l.fields[:len(l.fields)-1]
				l.pos = p + 1
				return
			}
			if p+1 < len(src) && src[p+1] == '}' {
				p += 2
				continue
			}
			l.errorf(ErrKindToken, p, p+1, "f-string: single '}' is not allowed")
			flags |= FlagError
			p++
		case c == '\\':
			p = l.fstringEscape(p, fs)
		case c == '\n' || c == '\r':
			if !fs.triple {
				flush(p)
				l.errorf(ErrKindToken, int(fs.start), p, "unterminated f-string literal (detected at line %d)", l.line)
				l.closeFString(p, p, FlagError)
				l.pos = p
				return
			}
			p++
			if c == '\r' && p < len(src) && src[p] == '\n' {
				p++
			}
			l.line++
		case c >= utf8.RuneSelf:
			p = l.rune(p)
		default:
			p++
		}
	}
	flush(p)
	if fs.triple {
		l.errorf(ErrKindToken, int(fs.start), p, "unterminated triple-quoted f-string literal (detected at line %d)", l.detectedLine())
	} else {
		l.errorf(ErrKindToken, int(fs.start), p, "unterminated f-string literal (detected at line %d)", l.line)
	}
	l.closeFString(p, p, FlagError)
	l.pos = p
}

// fstringEscape skips the backslash escape at p in f-string literal text and returns the offset
// after it. A backslash before a brace escapes nothing: the brace is lexed next. `\N{…}` is
// one escape, braces included (not in raw f-strings).
func (l *lexer) fstringEscape(p int, fs *fstring) int {
	src := l.src
	n := p + 1
	if n >= len(src) {
		return n
	}
	switch c := src[n]; {
	case c == '{' || c == '}':
		return n
	case c == 'N' && !fs.raw && n+1 < len(src) && src[n+1] == '{':
		q := n + 2
		for q < len(src) {
			if c := src[q]; c == '}' {
				return q + 1
			} else if c == fs.quote || c == '\n' || c == '\r' || c == '{' {
				return q
			}
			q++
		}
		return q
	case c == '\n':
		l.line++
		return n + 1
	case c == '\r':
		l.line++
		if n+1 < len(src) && src[n+1] == '\n' {
			return n + 2
		}
		return n + 1
	case c >= utf8.RuneSelf:
		return l.rune(n)
	}
	return n + 1
}
