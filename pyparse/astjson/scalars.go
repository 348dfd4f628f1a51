package astjson

// This file defines the encoding of scalars: strings as Python's json.dumps(ensure_ascii=True)
// writes them, floats with Python's repr, and Constant values.

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/arraylint/arraylint/pyparse/ast"
)

const hexDigits = "0123456789abcdef"

func appendInt(dst []byte, v int64) []byte { return strconv.AppendInt(dst, v, 10) }

// appendString appends s as a JSON string with every byte outside printable ASCII escaped, as
// json.dumps does with ensure_ascii=True. s is read as WTF-8: the three-byte encoding of a lone
// surrogate (which a Python str may hold, e.g. from "\udc80") is escaped as that surrogate.
// Other invalid UTF-8 is escaped as U+FFFD.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0 // s[start:i] is pending plain ASCII
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		if c < utf8.RuneSelf {
			switch c {
			case '"':
				dst = append(dst, '\\', '"')
			case '\\':
				dst = append(dst, '\\', '\\')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = appendU(dst, rune(c))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			if sur, ok := surrogateAt(s, i); ok {
				dst = appendU(dst, sur)
				i += 3
				start = i
				continue
			}
		}
		if r > 0xffff {
			r -= 0x10000
			dst = appendU(dst, 0xd800+(r>>10))
			dst = appendU(dst, 0xdc00+(r&0x3ff))
		} else {
			dst = appendU(dst, r)
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// surrogateAt decodes the WTF-8 encoding of a surrogate code point (ED A0..BF 80..BF) at s[i:].
func surrogateAt(s string, i int) (rune, bool) {
	if i+2 < len(s) && s[i] == 0xed && s[i+1] >= 0xa0 && s[i+1] <= 0xbf && s[i+2] >= 0x80 && s[i+2] <= 0xbf {
		return 0xd000 | rune(s[i+1]&0x3f)<<6 | rune(s[i+2]&0x3f), true
	}
	return 0, false
}

// appendU appends the escape \uXXXX of a code unit.
func appendU(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}

// appendLatin1 appends b decoded as latin-1 (each byte one code point) as a JSON string.
func appendLatin1(dst []byte, b string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c >= 0x20 && c < 0x7f:
			dst = append(dst, c)
		case c == '\n':
			dst = append(dst, '\\', 'n')
		case c == '\r':
			dst = append(dst, '\\', 'r')
		case c == '\t':
			dst = append(dst, '\\', 't')
		case c == '\b':
			dst = append(dst, '\\', 'b')
		case c == '\f':
			dst = append(dst, '\\', 'f')
		default:
			dst = appendU(dst, rune(c))
		}
	}
	return append(dst, '"')
}

// appendFloat appends f as the oracle does: Python's repr (the shortest string that round-trips,
// positional when the decimal exponent is in (-4, 16], else d.ddde±XX), or "inf", "-inf", "nan".
func appendFloat(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, `"nan"`...)
	case math.IsInf(f, 1):
		return append(dst, `"inf"`...)
	case math.IsInf(f, -1):
		return append(dst, `"-inf"`...)
	}
	var tmp [32]byte
	sci := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // [-]d[.ddd]e±XX
	neg := sci[0] == '-'
	if neg {
		sci = sci[1:]
		dst = append(dst, '-')
	}
	epos := 0
	for epos < len(sci) && sci[epos] != 'e' {
		epos++
	}
	mant, exp := sci[:epos], sci[epos+1:]
	x, _ := strconv.Atoi(string(exp))
	digits := make([]byte, 0, 20)
	for _, c := range mant {
		if c != '.' {
			digits = append(digits, c)
		}
	}
	decpt := x + 1 // position of the decimal point relative to the digits
	if decpt > -4 && decpt <= 16 {
		switch {
		case decpt <= 0:
			dst = append(dst, '0', '.')
			for range -decpt {
				dst = append(dst, '0')
			}
			dst = append(dst, digits...)
		case decpt >= len(digits):
			dst = append(dst, digits...)
			for range decpt - len(digits) {
				dst = append(dst, '0')
			}
			dst = append(dst, '.', '0')
		default:
			dst = append(dst, digits[:decpt]...)
			dst = append(dst, '.')
			dst = append(dst, digits[decpt:]...)
		}
		return dst
	}
	dst = append(dst, digits[0])
	if len(digits) > 1 {
		dst = append(dst, '.')
		dst = append(dst, digits[1:]...)
	}
	dst = append(dst, 'e')
	if x < 0 {
		dst = append(dst, '-')
		x = -x
	} else {
		dst = append(dst, '+')
	}
	if x < 10 {
		dst = append(dst, '0')
	}
	return strconv.AppendInt(dst, int64(x), 10)
}

// appendConst appends a Constant or MatchSingleton value in the oracle's encoding.
func appendConst(dst []byte, v *ast.ConstValue) []byte {
	switch v.Kind {
	case ast.ConstNone:
		return append(dst, "null"...)
	case ast.ConstBool:
		if v.Bool {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case ast.ConstInt:
		if v.Big != nil {
			return v.Big.Append(dst, 10)
		}
		return appendInt(dst, v.Int)
	case ast.ConstFloat:
		return appendFloat(dst, v.Float)
	case ast.ConstComplex:
		dst = append(dst, `{"complex":[0.0,`...)
		dst = appendFloat(dst, v.Float)
		return append(dst, "]}"...)
	case ast.ConstStr:
		return appendString(dst, v.Str)
	case ast.ConstBytes:
		dst = append(dst, `{"bytes":`...)
		dst = appendLatin1(dst, v.Str)
		return append(dst, '}')
	case ast.ConstEllipsis:
		return append(dst, `{"ellipsis":true}`...)
	}
	return append(dst, "null"...)
}
