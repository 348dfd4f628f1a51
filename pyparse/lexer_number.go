package pyparse

// This file defines number lexing with CPython's errors and error positions.

import (
	"bytes"
	"fmt"
)

// numScan scans one number literal.
type numScan struct {
	src      []byte
	errStart int // -1 while the literal is valid
	msg      string
}

// at returns src[i], or 0 past the end.
func (s *numScan) at(i int) byte {
	if i < len(s.src) {
		return s.src[i]
	}
	return 0
}

func (s *numScan) fail(errStart int, msg string) int {
	if s.errStart < 0 {
		s.errStart, s.msg = errStart, msg
	}
	return errStart + 1
}

// number lexes a number at l.pos (a digit, or '.' followed by a digit).
func (l *lexer) number() {
	start := l.pos
	s := numScan{src: l.src, errStart: -1}
	var p int
	c := l.src[start]
	switch {
	case c == '0' && (s.at(start+1)|0x20 == 'x' || s.at(start+1)|0x20 == 'o' || s.at(start+1)|0x20 == 'b'):
		p = s.radix(start)
	case c == '0':
		p = s.zero(start)
	case c == '.':
		p = s.fraction(start + 1)
	default:
		p = s.decimal(start)
	}
	if s.errStart < 0 {
		l.emit(Number, start, p, 0)
		l.pos = p
		return
	}
	// Swallow the rest of the malformed literal so that `1abc` is one bad token, not two.
	end := max(p, s.errStart+1)
	for end < len(l.src) && l.src[end] < 0x80 && identCont[l.src[end]] {
		end++
	}
	l.errorf(ErrKindToken, s.errStart, end, "%s", s.msg)
	l.emit(Number, start, end, FlagError)
	l.pos = end
}

// radix scans 0x, 0o and 0b literals.
func (s *numScan) radix(start int) int {
	base := s.at(start+1) | 0x20
	kind, isDig := "hexadecimal", isHexDigit
	switch base {
	case 'o':
		kind, isDig = "octal", func(c byte) bool { return '0' <= c && c <= '7' }
	case 'b':
		kind, isDig = "binary", func(c byte) bool { return c == '0' || c == '1' }
	}
	p := start + 2
	for {
		if s.at(p) == '_' {
			p++
		}
		if c := s.at(p); !isDig(c) {
			if base != 'x' && isDigit(c) {
				return s.fail(p, fmt.Sprintf("invalid digit '%c' in %s literal", c, kind))
			}
			return s.fail(p-1, "invalid "+kind+" literal")
		}
		for isDig(s.at(p)) {
			p++
		}
		if s.at(p) != '_' {
			break
		}
	}
	if c := s.at(p); base != 'x' && isDigit(c) {
		return s.fail(p, fmt.Sprintf("invalid digit '%c' in %s literal", c, kind))
	}
	return s.verifyEnd(p, kind)
}

// zero scans a decimal literal starting with '0': zeros, or a float/imaginary with leading
// zeros; other leading zeros are an error.
func (s *numScan) zero(start int) int {
	p := start + 1
	for {
		if s.at(p) == '_' {
			p++
			if !isDigit(s.at(p)) {
				return s.fail(p-1, "invalid decimal literal")
			}
		}
		if s.at(p) != '0' {
			break
		}
		p++
	}
	zerosEnd := p
	nonzero := false
	if isDigit(s.at(p)) {
		nonzero = true
		var ok bool
		if p, ok = s.tail(p); !ok {
			return p
		}
	}
	switch s.at(p) {
	case '.':
		return s.fraction(p + 1)
	case 'e', 'E':
		return s.exponent(p)
	case 'j', 'J':
		return s.verifyEnd(p+1, "imaginary")
	}
	if nonzero {
		s.fail(start, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
		return zerosEnd
	}
	return s.verifyEnd(p, "decimal")
}

// decimal scans a literal starting with a nonzero digit.
func (s *numScan) decimal(start int) int {
	p, ok := s.tail(start)
	if !ok {
		return p
	}
	switch s.at(p) {
	case '.':
		return s.fraction(p + 1)
	case 'e', 'E':
		return s.exponent(p)
	case 'j', 'J':
		return s.verifyEnd(p+1, "imaginary")
	}
	return s.verifyEnd(p, "decimal")
}

// fraction scans the digits after a '.' at p-1.
func (s *numScan) fraction(p int) int {
	if isDigit(s.at(p)) {
		var ok bool
		if p, ok = s.tail(p); !ok {
			return p
		}
	}
	switch s.at(p) {
	case 'e', 'E':
		return s.exponent(p)
	case 'j', 'J':
		return s.verifyEnd(p+1, "imaginary")
	}
	return s.verifyEnd(p, "decimal")
}

// exponent scans an exponent whose 'e' is at e. An 'e' not followed by digits ends the number
// before it (so `1else` is 1 then else) unless it makes an invalid literal.
func (s *numScan) exponent(e int) int {
	p := e + 1
	switch c := s.at(p); {
	case c == '+' || c == '-':
		p++
		if !isDigit(s.at(p)) {
			return s.fail(p-1, "invalid decimal literal")
		}
	case !isDigit(c):
		if end := s.verifyEnd(e, "decimal"); s.errStart >= 0 {
			return end
		}
		return e
	}
	p, ok := s.tail(p)
	if !ok {
		return p
	}
	if c := s.at(p); c == 'j' || c == 'J' {
		return s.verifyEnd(p+1, "imaginary")
	}
	return s.verifyEnd(p, "decimal")
}

// tail scans decimal digits with single underscores between them, starting at a digit.
func (s *numScan) tail(p int) (int, bool) {
	for {
		for isDigit(s.at(p)) {
			p++
		}
		if s.at(p) != '_' {
			return p, true
		}
		p++
		if !isDigit(s.at(p)) {
			return s.fail(p-1, "invalid decimal literal"), false
		}
	}
}

// verifyEnd checks what follows a number ending at p, like CPython's verify_end_of_number:
// a letter, digit or '_' makes an invalid literal, except the start of a keyword that may
// follow a number in valid code (and, else, for, if, in, is, not, or).
func (s *numScan) verifyEnd(p int, kind string) int {
	c := s.at(p)
	rest := s.src[min(p+1, len(s.src)):]
	ok := false
	switch c {
	case 'a':
		ok = bytes.HasPrefix(rest, []byte("nd"))
	case 'e':
		ok = bytes.HasPrefix(rest, []byte("lse"))
	case 'f':
		ok = bytes.HasPrefix(rest, []byte("or"))
	case 'i':
		c2 := s.at(p + 1)
		ok = c2 == 'f' || c2 == 'n' || c2 == 's'
	case 'o':
		ok = bytes.HasPrefix(rest, []byte("r"))
	case 'n':
		ok = bytes.HasPrefix(rest, []byte("ot"))
	}
	if !ok && c < 0x80 && identCont[c] {
		s.fail(p-1, "invalid "+kind+" literal")
		return p
	}
	return p
}

// isHexDigit reports whether c is an ASCII hexadecimal digit.
func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}
