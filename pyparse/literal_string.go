package pyparse

// This file defines the decoders of String and FStringMiddle tokens.
//
// Lone surrogates: Python str values may hold code points U+D800–U+DFFF (from "\ud800"), which
// UTF-8 cannot encode. DecodeString and DecodeFStringMiddle write them as WTF-8 style
// three-byte sequences (0xED 0xA0–0xBF 0x80–0xBF), so every Python str round-trips; such a
// string is not valid UTF-8, and utf8.DecodeRuneInString reports RuneError for these bytes.

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// DecodeString returns the value of a String token t in src: the decoded text of a str, or
// the raw bytes of a bytes literal. Line ends in the literal are normalised to "\n" as CPython
// does. A malformed escape or a non-ASCII character in a bytes literal yields an Error with
// CPython's message over the token's range; val then holds a best-effort decoding.
func DecodeString(src []byte, t Token) (val string, err *Error) {
	text := src[t.Start:t.End]
	i := 0
	for i < len(text) && text[i] != '"' && text[i] != '\'' {
		i++
	}
	if i >= len(text) {
		return "", &Error{Range: t.Range, Kind: ErrKindToken, Msg: "decode string: no opening quote"}
	}
	qlen := 1
	if t.Flags&FlagTriple != 0 {
		qlen = 3
	}
	body := text[min(i+qlen, len(text)):]
	if t.Flags&FlagError == 0 && len(body) >= qlen {
		body = body[:len(body)-qlen]
	}
	d := decoder{bytes: t.Flags&FlagBytes != 0, raw: t.Flags&FlagRaw != 0}
	val, msg := d.decode(body)
	if msg != "" {
		return val, &Error{Range: t.Range, Kind: ErrKindToken, Msg: msg}
	}
	return val, nil
}

// DecodeFStringMiddle returns the literal text of an FStringMiddle token: doubled braces are
// un-doubled, escapes applied unless the f-string is raw, line ends normalised to "\n".
// A malformed escape (`\xZZ`, an unknown `\N{…}` name) yields an Error with CPython's message
// over the token's range, as DecodeString does; val then keeps the escape as written.
func DecodeFStringMiddle(src []byte, t Token) (val string, err *Error) {
	text := src[t.Start:t.End]
	d := decoder{raw: t.Flags&FlagRaw != 0, fstring: true}
	val, msg := d.decode(text)
	if msg != "" {
		return val, &Error{Range: t.Range, Kind: ErrKindToken, Msg: msg}
	}
	return val, nil
}

// decoder decodes a literal's body.
type decoder struct {
	bytes, raw, fstring bool
	sb                  strings.Builder
	msg                 string // the first error
}

// plain reports whether body needs no decoding at all.
func (d *decoder) plain(body []byte) bool {
	if !d.bytes && !d.fstring {
		// The common case: only a backslash (unless raw) or a carriage return needs work, and
		// IndexByte finds either far faster than a loop over a long docstring.
		return (d.raw || bytes.IndexByte(body, '\\') < 0) && bytes.IndexByte(body, '\r') < 0
	}
	for _, c := range body {
		switch {
		case c == '\\' && !d.raw, c == '\r', c >= utf8.RuneSelf && d.bytes, (c == '{' || c == '}') && d.fstring:
			return false
		}
	}
	return true
}

func (d *decoder) fail(format string, args ...any) {
	if d.msg == "" {
		d.msg = fmt.Sprintf(format, args...)
	}
}

// decode returns the value of body and the first error message.
func (d *decoder) decode(body []byte) (string, string) {
	if d.plain(body) {
		return string(body), ""
	}
	d.sb.Grow(len(body))
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\r':
			d.sb.WriteByte('\n')
			i++
			if i < len(body) && body[i] == '\n' {
				i++
			}
		case c >= utf8.RuneSelf && d.bytes:
			d.fail("bytes can only contain ASCII literal characters")
			_, size := utf8.DecodeRune(body[i:])
			d.sb.Write(body[i : i+size])
			i += size
		case (c == '{' || c == '}') && d.fstring:
			d.sb.WriteByte(c)
			i++
			if i < len(body) && body[i] == c {
				i++
			}
		case c == '\\' && !d.raw:
			i = d.escape(body, i)
		default:
			d.sb.WriteByte(c)
			i++
		}
	}
	return d.sb.String(), d.msg
}

// escape decodes the escape sequence at body[i] == '\\' and returns the offset after it.
func (d *decoder) escape(body []byte, i int) int {
	if i+1 >= len(body) {
		d.sb.WriteByte('\\')
		return i + 1
	}
	c := body[i+1]
	j := i + 2
	switch c {
	case '\n':
		return j
	case '\r':
		if j < len(body) && body[j] == '\n' {
			j++
		}
		return j
	case '\\', '\'', '"':
		d.sb.WriteByte(c)
	case 'a':
		d.sb.WriteByte('\a')
	case 'b':
		d.sb.WriteByte('\b')
	case 'f':
		d.sb.WriteByte('\f')
	case 'n':
		d.sb.WriteByte('\n')
	case 'r':
		d.sb.WriteByte('\r')
	case 't':
		d.sb.WriteByte('\t')
	case 'v':
		d.sb.WriteByte('\v')
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := int(c - '0')
		for k := 0; k < 2 && j < len(body) && '0' <= body[j] && body[j] <= '7'; k++ {
			v = v*8 + int(body[j]-'0')
			j++
		}
		if d.bytes {
			d.sb.WriteByte(byte(v))
		} else {
			d.writeRune(rune(v))
		}
	case 'x':
		return d.hex(body, i, 2, "x")
	case 'u', 'U', 'N':
		if d.bytes {
			d.sb.WriteByte('\\')
			d.sb.WriteByte(c)
			break
		}
		switch c {
		case 'u':
			return d.hex(body, i, 4, "u")
		case 'U':
			return d.hex(body, i, 8, "U")
		}
		return d.named(body, i)
	default:
		// Unknown escapes stay as written (CPython warns).
		d.sb.WriteByte('\\')
		return i + 1
	}
	return j
}

// hex decodes \xhh, \uXXXX or \UXXXXXXXX at body[i].
func (d *decoder) hex(body []byte, i, n int, letter string) int {
	j := i + 2
	v := rune(0)
	k := 0
	for ; k < n && j+k < len(body) && isHexDigit(body[j+k]); k++ {
		v = v*16 + rune(hexVal(body[j+k]))
	}
	if k < n {
		if d.bytes {
			d.fail("(value error) invalid \\x escape at position %d", i)
		} else {
			d.fail("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: truncated \\%s%s escape", i, j+k-1, letter, strings.Repeat("X", n))
		}
		d.sb.Write(body[i : j+k])
		return j + k
	}
	switch {
	case d.bytes:
		d.sb.WriteByte(byte(v))
	case v > utf8.MaxRune:
		d.fail("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: illegal Unicode character", i, j+k-1)
		d.sb.Write(body[i : j+k])
	default:
		d.writeRune(v)
	}
	return j + k
}

// named decodes \N{NAME} at body[i].
func (d *decoder) named(body []byte, i int) int {
	j := i + 2
	end := -1
	if j < len(body) && body[j] == '{' {
		for k := j + 1; k < len(body); k++ {
			if body[k] == '}' {
				end = k
				break
			}
		}
	}
	if end < 0 || end == j+1 {
		d.fail("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: malformed \\N character escape", i, min(i+1, len(body)-1))
		d.sb.Write(body[i:j])
		return j
	}
	r, ok := lookupRuneName(string(body[j+1 : end]))
	if !ok {
		d.fail("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: unknown Unicode character name", i, end)
		d.sb.Write(body[i : end+1])
		return end + 1
	}
	d.writeRune(r)
	return end + 1
}

// writeRune writes r as UTF-8, or a surrogate as its WTF-8 three-byte form.
func (d *decoder) writeRune(r rune) {
	if 0xD800 <= r && r <= 0xDFFF {
		d.sb.WriteByte(byte(0xE0 | r>>12))
		d.sb.WriteByte(byte(0x80 | (r>>6)&0x3F))
		d.sb.WriteByte(byte(0x80 | r&0x3F))
		return
	}
	d.sb.WriteRune(r)
}

// hexVal returns the value of the hexadecimal digit c.
func hexVal(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}
