package pyparse

// This file defines identifier lexing: the ASCII fast path, Unicode XID_Start/XID_Continue,
// keywords, string prefixes and invalid characters.

import (
	"unicode"
	"unicode/utf8"
)

// identStart and identCont classify ASCII bytes for identifiers; bytes >= 0x80 are false in
// both (non-ASCII characters take the slow path).
var identStart, identCont [256]bool

func init() {
	for c := 0; c < utf8.RuneSelf; c++ {
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
		identStart[c] = letter
		identCont[c] = letter || '0' <= c && c <= '9'
	}
}

// notXID lists the code points that are ID_Start/ID_Continue but not XID_Start/XID_Continue
// (they are not closed under NFKC; Unicode's DerivedCoreProperties).
var notXID = map[rune]bool{
	0x037A: true, 0x0E33: true, 0x0EB3: true, 0x309B: true, 0x309C: true,
	0xFC5E: true, 0xFC5F: true, 0xFC60: true, 0xFC61: true, 0xFC62: true, 0xFC63: true,
	0xFDFA: true, 0xFDFB: true, 0xFE70: true, 0xFE72: true, 0xFE74: true, 0xFE76: true,
	0xFE78: true, 0xFE7A: true, 0xFE7C: true, 0xFE7E: true, 0xFF9E: true, 0xFF9F: true,
}

// isXIDStart is Unicode's XID_Start, '_' excluded (Python allows it separately).
func isXIDStart(r rune) bool {
	if r < utf8.RuneSelf {
		return identStart[r] && r != '_'
	}
	if notXID[r] {
		return false
	}
	return isIDStart(r)
}

// isIDStart is Unicode's ID_Start: letters, letter numbers and Other_ID_Start, minus
// Pattern_Syntax and Pattern_White_Space.
func isIDStart(r rune) bool {
	if unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r) {
		return !unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
	}
	return false
}

// isXIDContinue is Unicode's XID_Continue. Of the notXID code points, U+0E33, U+0EB3, U+FF9E
// and U+FF9F are still XID_Continue (their NFKC forms are continue characters).
func isXIDContinue(r rune) bool {
	if r < utf8.RuneSelf {
		return identCont[r]
	}
	switch r {
	case 0x0E33, 0x0EB3, 0xFF9E, 0xFF9F:
		return true
	}
	if notXID[r] {
		return false
	}
	if isIDStart(r) {
		return true
	}
	if unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) {
		return !unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
	}
	return false
}

// name lexes an identifier, keyword or string prefix starting at l.pos (an ASCII letter or
// '_', or a non-ASCII XID_Start character).
func (l *lexer) name() {
	src := l.src
	start := l.pos
	p := start + 1
	if src[start] >= utf8.RuneSelf {
		_, size := utf8.DecodeRune(src[start:])
		p = start + size
	}
	for p < len(src) && identCont[src[p]] {
		p++
	}
	if p < len(src) && src[p] >= utf8.RuneSelf {
		for p < len(src) {
			c := src[p]
			if c < utf8.RuneSelf {
				if !identCont[c] {
					break
				}
				p++
				continue
			}
			r, size := utf8.DecodeRune(src[p:])
			if (r == utf8.RuneError && size == 1) || !isXIDContinue(r) {
				break // the next token reports it
			}
			p += size
		}
	}
	l.pendingNL = true
	if p < len(src) && (src[p] == '"' || src[p] == '\'') && p-start <= 2 {
		if flags, fstr, ok := stringPrefix(src[start:p]); ok {
			if fstr {
				l.fstringStart(start, p, flags)
			} else {
				l.str(start, p, flags)
			}
			return
		}
	}
	l.emit(keyword(src[start:p]), start, p, 0)
	l.pos = p
}

// stringPrefix classifies a string prefix of one or two letters.
func stringPrefix(b []byte) (flags TokenFlags, fstr, ok bool) {
	for _, c := range b {
		switch c | 0x20 {
		case 'r':
			if flags&FlagRaw != 0 {
				return 0, false, false
			}
			flags |= FlagRaw
		case 'b':
			if flags&(FlagBytes|FlagUnicode) != 0 || fstr {
				return 0, false, false
			}
			flags |= FlagBytes
		case 'u':
			if len(b) != 1 {
				return 0, false, false
			}
			flags |= FlagUnicode
		case 'f':
			if fstr || flags&FlagBytes != 0 {
				return 0, false, false
			}
			fstr = true
		default:
			return 0, false, false
		}
	}
	return flags, fstr, true
}

// nonASCII lexes a token starting with a non-ASCII byte: an identifier, invalid UTF-8, or an
// invalid character.
func (l *lexer) nonASCII() {
	src := l.src
	start := l.pos
	r, size := utf8.DecodeRune(src[start:])
	if r == utf8.RuneError && size == 1 {
		end := l.badUTF8(start)
		l.emit(Unknown, start, end, FlagError)
		l.pendingNL = true
		l.pos = end
		return
	}
	if isXIDStart(r) {
		l.name()
		return
	}
	if unicode.IsPrint(r) {
		l.errorf(ErrKindToken, start, start+size, "invalid character '%c' (U+%04X)", r, r)
	} else {
		l.errorf(ErrKindToken, start, start+size, "invalid non-printable character U+%04X", r)
	}
	l.emit(Unknown, start, start+size, FlagError)
	l.pendingNL = true
	l.pos = start + size
}

// keyword returns the kind of the hard keyword b, or Name.
func keyword(b []byte) TokenKind {
	if len(b) < 2 || len(b) > 8 {
		return Name
	}
	switch b[0] {
	case 'F':
		if string(b) == "False" {
			return KwFalse
		}
	case 'N':
		if string(b) == "None" {
			return KwNone
		}
	case 'T':
		if string(b) == "True" {
			return KwTrue
		}
	case 'a':
		switch string(b) {
		case "and":
			return KwAnd
		case "as":
			return KwAs
		case "assert":
			return KwAssert
		case "async":
			return KwAsync
		case "await":
			return KwAwait
		}
	case 'b':
		if string(b) == "break" {
			return KwBreak
		}
	case 'c':
		switch string(b) {
		case "class":
			return KwClass
		case "continue":
			return KwContinue
		}
	case 'd':
		switch string(b) {
		case "def":
			return KwDef
		case "del":
			return KwDel
		}
	case 'e':
		switch string(b) {
		case "elif":
			return KwElif
		case "else":
			return KwElse
		case "except":
			return KwExcept
		}
	case 'f':
		switch string(b) {
		case "finally":
			return KwFinally
		case "for":
			return KwFor
		case "from":
			return KwFrom
		}
	case 'g':
		if string(b) == "global" {
			return KwGlobal
		}
	case 'i':
		switch string(b) {
		case "if":
			return KwIf
		case "import":
			return KwImport
		case "in":
			return KwIn
		case "is":
			return KwIs
		}
	case 'l':
		if string(b) == "lambda" {
			return KwLambda
		}
	case 'n':
		switch string(b) {
		case "nonlocal":
			return KwNonlocal
		case "not":
			return KwNot
		}
	case 'o':
		if string(b) == "or" {
			return KwOr
		}
	case 'p':
		if string(b) == "pass" {
			return KwPass
		}
	case 'r':
		switch string(b) {
		case "raise":
			return KwRaise
		case "return":
			return KwReturn
		}
	case 't':
		if string(b) == "try" {
			return KwTry
		}
	case 'w':
		switch string(b) {
		case "while":
			return KwWhile
		case "with":
			return KwWith
		}
	case 'y':
		if string(b) == "yield" {
			return KwYield
		}
	}
	return Name
}
