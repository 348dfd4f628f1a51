package pyparse

// This file defines Lex, the Python 3.12 tokenizer's main loop, and documents the token stream.
//
// Token stream conventions (the parser depends on these; they only ever grow):
//
//   - Ranges are half-open byte offsets into src. Tokens never overlap and appear in ascending
//     order; whitespace, comments, line continuations and blank lines produce no tokens.
//   - A leading UTF-8 BOM is skipped: the first token starts at offset 3.
//   - Newline ends each logical line that has at least one token outside brackets. Its range
//     covers the line break ("\n", "\r\n" or a lone "\r"). A last line without a line break gets
//     a Newline with the empty range [len(src), len(src)). Blank and comment-only lines and line
//     breaks inside (), [], {} or inside an f-string replacement field produce no Newline.
//   - Indent covers the leading whitespace of the first line of a more indented block:
//     [line start, first token). Dedent is empty, at the first token of the less indented line;
//     the Dedents that close blocks at end of file are empty at len(src), after the final Newline.
//   - EndMarker is always last, empty at len(src).
//   - Hard keywords have Kw* kinds; soft keywords (match, case, type, _) are Name.
//   - String covers prefix, quotes and body: `rb'\x00'`. FlagBytes, FlagRaw, FlagUnicode and
//     FlagTriple describe the prefix and quotes. Adjacent strings are separate tokens.
//   - An f-string is FStringStart (prefix and opening quotes, e.g. `rf"""`), then any sequence
//     of FStringMiddle (literal text) and replacement fields, then FStringEnd (closing quotes).
//     A replacement field is LBrace, the expression's ordinary tokens (nested strings and
//     f-strings included, quotes may be reused), optionally Equal (self-documenting `=`),
//     optionally Exclamation + Name (conversion), optionally Colon + the format spec, then RBrace.
//     The format spec is a sequence of FStringMiddle and nested replacement fields; an empty
//     spec (`{x:}`) is Colon directly followed by RBrace. The Colon that starts a spec is the
//     first `:` at the field's own bracket level, so `{x:=1}` is a spec "=1" while `{(x:=1)}`
//     is a walrus (ColonEqual).
//   - FStringMiddle is never empty. Escaped braces stay doubled in it (`{{` and `}}`):
//     DecodeFStringMiddle un-doubles them. Line breaks of triple-quoted f-strings are inside
//     FStringMiddle tokens. FStringStart/Middle/End carry FlagRaw and FlagTriple from the prefix.
//   - Every FStringStart is matched by an FStringEnd. When the f-string is unterminated the
//     FStringEnd is empty and has FlagError (an Error has been recorded). When a replacement
//     field is left open and the f-string's own quote follows (`f'{'`, CPython's "f-string:
//     expecting '}'"), that quote is the FStringEnd, with FlagError; the open field's tokens
//     simply stop (no RBrace).
//   - Unterminated strings and f-strings report an Error starting at the prefix (CPython's
//     column), ending at the line end or at end of file.
//   - A token with FlagError is malformed and an Error has been recorded for it: a Number such
//     as `1abc` or `0o8` (the token spans the trailing letters and digits), an unterminated
//     String (it runs to the end of its line, or of the file when triple-quoted), `<>` (a
//     NotEqual), an FStringMiddle holding a single `}`, or an Unknown token (invalid character,
//     stray `$`, `?` or backtick, invalid UTF-8, a backslash not followed by a line break).
//   - A `!` not followed by `=` is Exclamation everywhere; the parser rejects it outside fields.
//
// Errors the lexer reports (Kind, message as CPython writes it):
//
//   - ErrKindToken: invalid/unterminated literals and characters, "unexpected character after
//     line continuation character", "unexpected EOF while parsing" (backslash at end of file),
//     bracket errors: "unmatched ')'", "closing parenthesis ']' does not match opening
//     parenthesis '('" (plus " on line N" when on another line), "'(' was never closed"
//     (innermost open bracket at end of file), and the f-string errors "f-string: single '}'
//     is not allowed", "f-string: expecting '}'", "f-string: unmatched ')'".
//   - ErrKindIndentation: "unindent does not match any outer indentation level",
//     "inconsistent use of tabs and spaces in indentation", "too many levels of indentation".
//     ("unexpected indent" and "expected an indented block" are the parser's.)
//   - ErrKindEncoding: "invalid utf-8 sequence" at the first byte of each invalid run.
//   - ErrKindSyntax: "invalid syntax" on `<>` and on a stray `$`, `?` or backtick.
//   - ErrKindTooDeep: "too many nested parentheses" (past 200 open brackets, as CPython) and
//     "too many nested f-strings" (past 150).
//
// Error positions follow CPython's reported column where it is cheap to do so: an error's Start
// converts to CPython's 1-based `offset` with LineIndex.LineCol(Start)+1.

import (
	"fmt"
	"slices"
	"sync"
	"unicode/utf8"
)

// Limits from CPython's tokenizer.
const (
	maxParenLevel   = 200 // MAXLEVEL
	maxIndentLevel  = 100 // MAXINDENT
	maxFStringLevel = 150 // MAXFSTRINGLEVEL
	tabSize         = 8
)

// lexer is the state of one Lex call.
type lexer struct {
	src      []byte
	pos      int
	line     int // 1-based line of pos
	toks     []Token
	comments []Comment
	errs     []Error

	indents    []int // indentation columns (tabs to multiples of 8); indents[0] == 0
	altIndents []int // the same with tabs counting 1, for the inconsistency check
	atBOL      bool  // at the beginning of a logical line: indentation not yet processed
	pendingNL  bool  // a token has been emitted since the last Newline

	parens []paren   // open brackets, innermost last (f-string field braces included)
	fstrs  []fstring // open f-strings, innermost last
	fields []field   // open replacement fields of all f-strings, innermost last

	tooDeep bool // "too many nested parentheses" already reported
}

// paren is an open bracket.
type paren struct {
	ch   byte
	off  int32
	line int32
}

// fstring is an f-string being lexed.
type fstring struct {
	start     int32 // offset of the prefix
	quote     byte
	triple    bool
	raw       bool
	parenBase int // len(parens) when the f-string started
	fieldBase int // len(fields) when the f-string started
}

// field is an open replacement field of an f-string.
type field struct {
	parenIdx int  // index of the field's `{` in parens
	inSpec   bool // lexing the format spec after the field's top-level ':'
}

// Lex tokenizes src (already UTF-8, see decodeSource) into tokens, comments and errors. It
// never fails: malformed input yields FlagError/Unknown tokens and Errors, and lexing goes on
// to EndMarker. See the top of lexer.go for the token stream conventions.
func Lex(src []byte) ([]Token, []Comment, []Error) {
	sc := lexPool.Get().(*lexScratch)
	if cap(sc.toks) == 0 {
		sc.toks = make([]Token, 0, len(src)/5+16)
		sc.indents, sc.altIndents = make([]int, 1, 16), make([]int, 1, 16)
	}
	l := lexer{
		src:        src,
		line:       1,
		toks:       sc.toks[:0],
		comments:   sc.comments[:0],
		indents:    sc.indents[:1],
		altIndents: sc.altIndents[:1],
		parens:     sc.parens[:0],
		fstrs:      sc.fstrs[:0],
		fields:     sc.fields[:0],
		atBOL:      true,
	}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		l.pos = 3
	}
	l.run()
	// The token and comment lists are built in pooled scratch space and copied out exactly
	// sized: no list grown by doubling per file, none kept at a guessed capacity.
	toks := slices.Clone(l.toks)
	var comments []Comment
	if len(l.comments) > 0 {
		comments = slices.Clone(l.comments)
	}
	*sc = lexScratch{toks: l.toks[:0], comments: l.comments[:0], indents: l.indents[:1],
		altIndents: l.altIndents[:1], parens: l.parens[:0], fstrs: l.fstrs[:0], fields: l.fields[:0]}
	lexPool.Put(sc)
	return toks, comments, l.errs
}

// lexScratch is the working space of one Lex call, reused through lexPool (none of it holds
// pointers, so nothing needs clearing).
type lexScratch struct {
	toks                []Token
	comments            []Comment
	indents, altIndents []int
	parens              []paren
	fstrs               []fstring
	fields              []field
}

var lexPool = sync.Pool{New: func() any { return new(lexScratch) }}

// emit appends a token.
func (l *lexer) emit(kind TokenKind, start, end int, flags TokenFlags) {
	l.toks = append(l.toks, Token{Range: Range{Start: Offset(start), End: Offset(end)}, Kind: kind, Flags: flags})
}

// errorf records an error over [start, end).
func (l *lexer) errorf(kind ErrorKind, start, end int, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	l.errs = append(l.errs, Error{Range: Range{Start: Offset(start), End: Offset(end)}, Kind: kind, Msg: msg})
}

// inField reports whether the innermost context is the expression part of a replacement
// field, and if so returns that field.
func (l *lexer) inField() *field {
	if len(l.fstrs) == 0 {
		return nil
	}
	fs := &l.fstrs[len(l.fstrs)-1]
	if len(l.fields) == fs.fieldBase {
		return nil
	}
	f := &l.fields[len(l.fields)-1]
	if f.inSpec {
		return nil
	}
	return f
}

// run lexes the whole source.
func (l *lexer) run() {
	src := l.src
	for {
		if n := len(l.fstrs); n > 0 {
			fs := &l.fstrs[n-1]
			if len(l.fields) == fs.fieldBase || l.fields[len(l.fields)-1].inSpec {
				l.fstringMiddle()
				continue
			}
		}
		if l.atBOL {
			l.indentation()
		}
		// Skip spaces, tabs and form feeds.
		for l.pos < len(src) {
			if c := src[l.pos]; c != ' ' && c != '\t' && c != '\f' {
				break
			}
			l.pos++
		}
		if l.pos >= len(src) {
			l.eof()
			return
		}
		l.next()
	}
}

// next lexes one token (or comment, line break, continuation) at l.pos, which is not
// whitespace and not at end of input.
func (l *lexer) next() {
	src := l.src
	start := l.pos
	c := src[start]
	if identStart[c] {
		l.name()
		return
	}
	if c >= utf8.RuneSelf {
		l.nonASCII()
		return
	}
	switch c {
	case '\n', '\r':
		end := start + 1
		if c == '\r' && end < len(src) && src[end] == '\n' {
			end++
		}
		if len(l.parens) == 0 {
			if l.pendingNL {
				l.emit(Newline, start, end, 0)
				l.pendingNL = false
			}
			l.atBOL = true
		}
		l.pos = end
		l.line++
		return
	case '#':
		l.comment()
		return
	case '\\':
		l.continuation()
		return
	case '"', '\'':
		l.pendingNL = true
		l.str(start, start, 0)
		return
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		l.pendingNL = true
		l.number()
		return
	case '.':
		if start+1 < len(src) && isDigit(src[start+1]) {
			l.pendingNL = true
			l.number()
			return
		}
	}
	l.pendingNL = true
	l.operator(c)
}

// operator lexes the operator, delimiter or stray character c at l.pos, tracking brackets and
// the replacement-field braces and colons of f-strings.
func (l *lexer) operator(c byte) {
	src := l.src
	start := l.pos
	var c1, c2 byte
	if start+1 < len(src) {
		c1 = src[start+1]
		if start+2 < len(src) {
			c2 = src[start+2]
		}
	}
	kind, n := Unknown, 1
	var flags TokenFlags
	switch c {
	case '(':
		l.open(c)
		kind = LPar
	case '[':
		l.open(c)
		kind = LSqb
	case '{':
		l.open(c)
		kind = LBrace
	case ')':
		kind = RPar
		l.close(c, '(')
	case ']':
		kind = RSqb
		l.close(c, '[')
	case '}':
		if f := l.inField(); f != nil && f.parenIdx == len(l.parens)-1 {
			// End of a replacement field: back to the f-string's literal text or format spec.
			l.parens = l.parens[:len(l.parens)-1]
			l.fields = l.fields[:len(l.fields)-1]
			l.emit(RBrace, start, start+1, 0)
			l.pos = start + 1
			return
		}
		kind = RBrace
		l.close(c, '{')
	case ':':
		if f := l.inField(); f != nil && f.parenIdx == len(l.parens)-1 {
			f.inSpec = true
			kind = Colon
		} else if c1 == '=' {
			kind, n = ColonEqual, 2
		} else {
			kind = Colon
		}
	case ',':
		kind = Comma
	case ';':
		kind = Semi
	case '+':
		kind, n = pick(c1 == '=', PlusEqual, Plus)
	case '-':
		switch c1 {
		case '=':
			kind, n = MinEqual, 2
		case '>':
			kind, n = RArrow, 2
		default:
			kind = Minus
		}
	case '*':
		if c1 == '*' {
			kind, n = pick3(c2 == '=', DoubleStarEqual, DoubleStar)
		} else {
			kind, n = pick(c1 == '=', StarEqual, Star)
		}
	case '/':
		if c1 == '/' {
			kind, n = pick3(c2 == '=', DoubleSlashEqual, DoubleSlash)
		} else {
			kind, n = pick(c1 == '=', SlashEqual, Slash)
		}
	case '|':
		kind, n = pick(c1 == '=', VBarEqual, VBar)
	case '&':
		kind, n = pick(c1 == '=', AmperEqual, Amper)
	case '^':
		kind, n = pick(c1 == '=', CircumflexEqual, CircumFlex)
	case '%':
		kind, n = pick(c1 == '=', PercentEqual, Percent)
	case '@':
		kind, n = pick(c1 == '=', AtEqual, At)
	case '=':
		kind, n = pick(c1 == '=', EqEqual, Equal)
	case '!':
		kind, n = pick(c1 == '=', NotEqual, Exclamation)
	case '~':
		kind = Tilde
	case '<':
		switch c1 {
		case '<':
			kind, n = pick3(c2 == '=', LeftShiftEqual, LeftShift)
		case '=':
			kind, n = LessEqual, 2
		case '>':
			kind, n, flags = NotEqual, 2, FlagError
			l.errorf(ErrKindSyntax, start, start+2, "invalid syntax")
		default:
			kind = Less
		}
	case '>':
		switch c1 {
		case '>':
			kind, n = pick3(c2 == '=', RightShiftEqual, RightShift)
		case '=':
			kind, n = GreaterEqual, 2
		default:
			kind = Greater
		}
	case '.':
		if c1 == '.' && c2 == '.' {
			kind, n = Ellipsis, 3
		} else {
			kind = Dot
		}
	case '$', '?', '`':
		flags = FlagError
		l.errorf(ErrKindSyntax, start, start+1, "invalid syntax")
	default:
		// ASCII control characters (the printable ones are all handled above).
		flags = FlagError
		l.errorf(ErrKindToken, start, start+1, "invalid non-printable character U+%04X", c)
	}
	l.emit(kind, start, start+n, flags)
	l.pos = start + n
}

// pick returns (a, 2) when cond holds and (b, 1) otherwise: a one-character operator or its
// two-character variant.
func pick(cond bool, a, b TokenKind) (TokenKind, int) {
	if cond {
		return a, 2
	}
	return b, 1
}

// pick3 is pick for a two-character operator and its three-character variant.
func pick3(cond bool, a, b TokenKind) (TokenKind, int) {
	if cond {
		return a, 3
	}
	return b, 2
}

// open pushes the bracket at l.pos.
func (l *lexer) open(c byte) {
	if len(l.parens) >= maxParenLevel && !l.tooDeep {
		l.tooDeep = true
		l.errorf(ErrKindTooDeep, l.pos, l.pos+1, "too many nested parentheses")
	}
	l.parens = append(l.parens, paren{ch: c, off: int32(l.pos), line: int32(l.line)})
}

// close pops the bracket matching closer c (whose opener is o), reporting CPython's errors for
// unmatched and mismatched brackets.
func (l *lexer) close(c, o byte) {
	start := l.pos
	if len(l.parens) == 0 {
		l.errorf(ErrKindToken, start, start+1, "unmatched '%c'", c)
		return
	}
	top := l.parens[len(l.parens)-1]
	if top.ch == o {
		l.parens = l.parens[:len(l.parens)-1]
		return
	}
	if f := l.inField(); f != nil && f.parenIdx == len(l.parens)-1 {
		// Never pop a replacement field's brace for a stray closer.
		l.errorf(ErrKindToken, start, start+1, "f-string: unmatched '%c'", c)
		return
	}
	if int(top.line) != l.line {
		l.errorf(ErrKindToken, start, start+1, "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, top.ch, top.line)
	} else {
		l.errorf(ErrKindToken, start, start+1, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, top.ch)
	}
	l.parens = l.parens[:len(l.parens)-1]
}

// comment records the comment at l.pos and moves to the line break that ends it.
func (l *lexer) comment() {
	src := l.src
	start := l.pos
	p := start + 1
	for p < len(src) {
		c := src[p]
		if c == '\n' || c == '\r' {
			break
		}
		if c >= utf8.RuneSelf {
			p = l.rune(p)
			continue
		}
		p++
	}
	l.comments = append(l.comments, Comment{Range: Range{Start: Offset(start), End: Offset(p)}})
	l.pos = p
}

// rune validates the non-ASCII UTF-8 sequence at p inside a literal or comment and returns the
// offset after it; an invalid sequence is reported and skipped as a whole run.
func (l *lexer) rune(p int) int {
	r, size := utf8.DecodeRune(l.src[p:])
	if r != utf8.RuneError || size > 1 {
		return p + size
	}
	return l.badUTF8(p)
}

// badUTF8 reports the invalid UTF-8 run starting at p and returns its end.
func (l *lexer) badUTF8(p int) int {
	end := p + 1
	for end < len(l.src) && l.src[end] >= utf8.RuneSelf {
		r, size := utf8.DecodeRune(l.src[end:])
		if r != utf8.RuneError || size > 1 {
			break
		}
		end++
	}
	l.errorf(ErrKindEncoding, p, end, "invalid utf-8 sequence")
	return end
}

// continuation handles a backslash outside literals: a line continuation, or an error.
func (l *lexer) continuation() {
	src := l.src
	start := l.pos
	p := start + 1
	if p >= len(src) {
		l.errorf(ErrKindToken, p, p, "unexpected EOF while parsing")
		l.pos = p
		return
	}
	switch src[p] {
	case '\n':
		p++
	case '\r':
		p++
		if p < len(src) && src[p] == '\n' {
			p++
		}
	default:
		l.errorf(ErrKindToken, p, p+1, "unexpected character after line continuation character")
		l.emit(Unknown, start, start+1, FlagError)
		l.pendingNL = true
		l.pos = start + 1
		return
	}
	l.line++
	if p >= len(src) {
		l.errorf(ErrKindToken, start+1, start+1, "unexpected EOF while parsing")
	}
	l.pos = p
}

// indentation processes the leading whitespace of a logical line, emitting Indent or Dedents.
// Blank and comment-only lines leave the indentation alone.
func (l *lexer) indentation() {
	src := l.src
	lineStart := l.pos
	p := lineStart
	col, alt := 0, 0
	contCol := 0 // the column of the first line continuation in the indentation, as CPython keeps it
	wsEnd := -1  // where the first line's whitespace ends when a continuation follows it
loop:
	for p < len(src) {
		switch src[p] {
		case ' ':
			col++
			alt++
		case '\t':
			col = (col/tabSize + 1) * tabSize
			alt++
		case '\f':
			col, alt = 0, 0
		case '\\':
			// A backslash in the indentation continues it on the next physical line: the
			// indentation is the first one's column (or, at column 0, what follows), and a
			// line that is only that is blank.
			q := p + 1
			switch {
			case q < len(src) && src[q] == '\n':
				q++
			case q < len(src) && src[q] == '\r':
				q++
				if q < len(src) && src[q] == '\n' {
					q++
				}
			default:
				break loop // not a continuation: the line's first token reports it
			}
			if contCol == 0 {
				contCol = col
			}
			if wsEnd < 0 {
				wsEnd = p
			}
			l.line++
			p = q
			continue
		default:
			break loop
		}
		p++
	}
	l.pos = p
	if p >= len(src) {
		return // end of file: eof() emits the Dedents
	}
	if c := src[p]; c == '#' || c == '\n' || c == '\r' {
		return // blank line; the line break handler sets atBOL again
	}
	if contCol != 0 {
		col, alt = contCol, contCol
	}
	if wsEnd < 0 {
		wsEnd = p
	}
	l.atBOL = false
	top := l.indents[len(l.indents)-1]
	altTop := l.altIndents[len(l.altIndents)-1]
	switch {
	case col == top:
		if alt != altTop {
			l.tabError(lineStart, p)
		}
	case col > top:
		if alt <= altTop {
			l.tabError(lineStart, p)
		}
		if len(l.indents) >= maxIndentLevel {
			l.errorf(ErrKindIndentation, p, p, "too many levels of indentation")
		}
		l.indents = append(l.indents, col)
		l.altIndents = append(l.altIndents, alt)
		l.emit(Indent, lineStart, wsEnd, 0)
	default:
		for len(l.indents) > 1 && col < l.indents[len(l.indents)-1] {
			if col > l.indents[len(l.indents)-2] {
				// Between two levels: CPython stops here. To recover, the line is taken to be
				// at the level above it (the nearest enclosing block that still fits), so one
				// bad dedent is one error, not one per following line of the old level.
				l.errorf(ErrKindIndentation, p, p, "unindent does not match any outer indentation level")
				return
			}
			l.indents = l.indents[:len(l.indents)-1]
			l.altIndents = l.altIndents[:len(l.altIndents)-1]
			l.emit(Dedent, p, p, 0)
		}
		if alt != l.altIndents[len(l.altIndents)-1] {
			l.tabError(lineStart, p)
		}
	}
}

// tabError reports CPython's TabError for the line starting at lineStart.
func (l *lexer) tabError(lineStart, p int) {
	l.errorf(ErrKindIndentation, lineStart, p, "inconsistent use of tabs and spaces in indentation")
}

// eof closes everything still open at the end of the source and emits the final tokens.
func (l *lexer) eof() {
	end := len(l.src)
	if len(l.parens) > 0 {
		top := l.parens[len(l.parens)-1]
		l.errorf(ErrKindToken, int(top.off), int(top.off)+1, "'%c' was never closed", top.ch)
		for len(l.fstrs) > 0 {
			l.closeFString(end, end, FlagError)
		}
		l.parens = l.parens[:0]
	}
	if l.pendingNL {
		l.emit(Newline, end, end, 0)
		l.pendingNL = false
	}
	for len(l.indents) > 1 {
		l.indents = l.indents[:len(l.indents)-1]
		l.emit(Dedent, end, end, 0)
	}
	l.emit(EndMarker, end, end, 0)
}

// detectedLine is the line CPython names in "unterminated … (detected at line N)" at end of
// file: a final line break does not start another line.
func (l *lexer) detectedLine() int {
	n := len(l.src)
	if n > 0 && (l.src[n-1] == '\n' || l.src[n-1] == '\r') {
		return l.line - 1
	}
	return l.line
}

// isDigit reports whether c is an ASCII decimal digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
