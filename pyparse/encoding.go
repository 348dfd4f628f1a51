package pyparse

// This file defines decodeSource: the UTF-8 BOM and PEP 263 coding declarations.

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/ianaindex"
)

// decodeSource applies a PEP 263 coding declaration on line 1 or 2 (line 2 only when line 1 is
// blank or a comment, as CPython does). UTF-8 sources (the default, or declared under any alias)
// are returned as they are: the lexer reports invalid UTF-8 at its offset. latin-1, latin-9,
// cp1252 and ascii sources are re-encoded to UTF-8, so ranges index the re-encoded text; other
// encodings of x/text's IANA index (koi8-r, iso-8859-5, shift_jis…) are decoded the same way. A
// leading UTF-8 BOM is kept; with a declaration of another encoding it is CPython's "encoding
// problem: X with BOM". Errors use CPython's messages; decoding goes on with U+FFFD for bytes
// the declared encoding lacks.
func decodeSource(src []byte) ([]byte, []Error) {
	bom := bytes.HasPrefix(src, []byte("\xef\xbb\xbf"))
	name, nameRange, ok := codingDeclaration(src)
	if !ok {
		return src, nil
	}
	if bom && normalEncodingName(name) != "utf-8" {
		// CPython accepts a BOM only with a declaration that normalises to exactly "utf-8".
		return src, []Error{{Range: nameRange, Kind: ErrKindEncoding, Msg: "encoding problem: " + normalEncodingName(name) + " with BOM"}}
	}
	enc, known := lookupEncoding(name)
	if !known {
		if other := otherEncoding(name); other != nil {
			if cm, ok := other.(*charmap.Charmap); ok {
				return decodeCharmap(src, cm), nil
			}
			out, err := other.NewDecoder().Bytes(src)
			if err != nil {
				return src, []Error{{Range: nameRange, Kind: ErrKindEncoding, Msg: fmt.Sprintf("decode source as %s: %v", name, err)}}
			}
			return out, nil
		}
		return src, []Error{{Range: nameRange, Kind: ErrKindEncoding, Msg: "unknown encoding: " + name}}
	}
	if enc == encUTF8 {
		return src, nil
	}
	return reencode(src, enc)
}

// decodeCharmap decodes a single-byte encoding. Bytes the table leaves undefined in
// 0x80–0x9F are the C1 controls U+0080–U+009F, as in Python's ISO-8859 codecs.
func decodeCharmap(src []byte, cm *charmap.Charmap) []byte {
	out := make([]byte, 0, len(src)+len(src)/4)
	for _, c := range src {
		if c < utf8.RuneSelf {
			out = append(out, c)
			continue
		}
		r := cm.DecodeByte(c)
		if r == utf8.RuneError && 0x80 <= c && c < 0xA0 {
			r = rune(c)
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}

// otherEncoding finds a declared encoding outside the built-in five in x/text's IANA index
// (koi8-r, iso-8859-5, cp1251, shift_jis, gbk, big5, …), trying Python's spellings of the
// names. Undecodable bytes become U+FFFD. UTF-16 and UTF-32 are not source encodings.
func otherEncoding(name string) encoding.Encoding {
	n := strings.ToLower(name)
	cands := []string{n, strings.ReplaceAll(n, "_", "-")}
	if num, ok := strings.CutPrefix(strings.ReplaceAll(n, "_", ""), "cp"); ok {
		cands = append(cands, "windows-"+num, "ibm"+num)
	}
	switch strings.ReplaceAll(strings.ReplaceAll(n, "-", ""), "_", "") {
	case "macroman", "macintosh":
		cands = append(cands, "macintosh")
	case "sjis", "shiftjis":
		cands = append(cands, "shift_jis")
	}
	for _, c := range cands {
		if strings.HasPrefix(c, "utf") {
			return nil
		}
		if e, err := ianaindex.IANA.Encoding(c); err == nil && e != nil {
			return e
		}
	}
	return nil
}

// codingDeclaration finds the PEP 263 declaration `coding[:=]\s*([-\w.]+)` in a comment on
// line 1 or 2 and returns the encoding name and its range.
func codingDeclaration(src []byte) (string, Range, bool) {
	start := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		start = 3
	}
	for line := 1; line <= 2 && start < len(src); line++ {
		end := start
		for end < len(src) && src[end] != '\n' && src[end] != '\r' {
			end++
		}
		text := src[start:end]
		i := 0
		for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\f') {
			i++
		}
		if i < len(text) && text[i] == '#' {
			if name, off, ok := codingName(text[i:]); ok {
				o := Offset(start + i + off)
				return name, Range{Start: o, End: o + Offset(len(name))}, true
			}
		} else if i < len(text) {
			return "", Range{}, false // line 1 holds code: line 2 is not looked at
		}
		// Next line.
		if end < len(src) && src[end] == '\r' {
			end++
		}
		if end < len(src) && src[end] == '\n' {
			end++
		}
		start = end
	}
	return "", Range{}, false
}

// codingName matches `coding[:=][ \t]*([-\w.]+)` in a comment and returns the name and its
// offset in comment.
func codingName(comment []byte) (string, int, bool) {
	for i := 0; ; {
		j := bytes.Index(comment[i:], []byte("coding"))
		if j < 0 {
			return "", 0, false
		}
		p := i + j + len("coding")
		i = p
		if p >= len(comment) || (comment[p] != ':' && comment[p] != '=') {
			continue
		}
		p++
		for p < len(comment) && (comment[p] == ' ' || comment[p] == '\t') {
			p++
		}
		q := p
		for q < len(comment) {
			c := comment[q]
			if !(c == '-' || c == '_' || c == '.' || '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z') {
				break
			}
			q++
		}
		if q > p {
			return string(comment[p:q]), p, true
		}
	}
}

// srcEncoding is a source encoding decoded without x/text, with CPython's error messages.
type srcEncoding uint8

const (
	encUTF8 srcEncoding = iota
	encLatin1
	encLatin9
	encCP1252
	encASCII
)

// encodingAliases maps names, lowercased with '-', '_' and ' ' removed, to encodings (the
// aliases of Python's codecs registry for these codecs).
var encodingAliases = map[string]srcEncoding{
	"utf8": encUTF8, "u8": encUTF8, "utf": encUTF8, "cp65001": encUTF8,
	"latin1": encLatin1, "latin": encLatin1, "iso88591": encLatin1, "isolatin1": encLatin1,
	"iso885911987": encLatin1, "l1": encLatin1, "cp819": encLatin1, "ibm819": encLatin1,
	"8859": encLatin1, "iso8859": encLatin1,
	"iso885915": encLatin9, "latin9": encLatin9, "l9": encLatin9, "iso8859152005": encLatin9,
	"cp1252": encCP1252, "windows1252": encCP1252,
	"ascii": encASCII, "usascii": encASCII, "646": encASCII, "us": encASCII, "ansix3.41968": encASCII,
	"ansix3.4": encASCII, "iso646us": encASCII, "cp367": encASCII, "ibm367": encASCII,
}

// lookupEncoding resolves a declared encoding name.
func lookupEncoding(name string) (srcEncoding, bool) {
	n := strings.ToLower(name)
	if n == "utf-8" || strings.HasPrefix(n, "utf-8-") || strings.HasPrefix(n, "utf_8_") {
		return encUTF8, true
	}
	n = strings.NewReplacer("-", "", "_", "", " ", "").Replace(n)
	e, ok := encodingAliases[n]
	return e, ok
}

// normalEncodingName is CPython's get_normal_name, used in its messages.
func normalEncodingName(name string) string {
	enc := strings.ReplaceAll(strings.ToLower(name[:min(len(name), 12)]), "_", "-")
	switch {
	case enc == "utf-8" || strings.HasPrefix(enc, "utf-8-"):
		return "utf-8"
	case enc == "latin-1" || enc == "iso-8859-1" || enc == "iso-latin-1" ||
		strings.HasPrefix(enc, "latin-1-") || strings.HasPrefix(enc, "iso-8859-1-") || strings.HasPrefix(enc, "iso-latin-1-"):
		return "iso-8859-1"
	}
	return name
}

// reencode converts a single-byte-encoded source to UTF-8.
func reencode(src []byte, enc srcEncoding) ([]byte, []Error) {
	ascii := true
	for _, c := range src {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return src, nil
	}
	if enc == encLatin9 {
		return decodeCharmap(src, charmap.ISO8859_15), nil
	}
	var errs []Error
	out := make([]byte, 0, len(src)+len(src)/8)
	for i, c := range src {
		if c < utf8.RuneSelf {
			out = append(out, c)
			continue
		}
		r := rune(c)
		switch enc {
		case encCP1252:
			if r = charmap.Windows1252.DecodeByte(c); r == utf8.RuneError { // the five undefined bytes
				errs = append(errs, decodeError(len(out), fmt.Sprintf("'charmap' codec can't decode byte 0x%02x in position %d: character maps to <undefined>", c, i)))
			}
		case encASCII:
			errs = append(errs, decodeError(len(out), fmt.Sprintf("'ascii' codec can't decode byte 0x%02x in position %d: ordinal not in range(128)", c, i)))
			r = utf8.RuneError
		}
		out = utf8.AppendRune(out, r)
	}
	return out, errs
}

// decodeError is an encoding error at output offset o (where U+FFFD replaces the byte).
func decodeError(o int, msg string) Error {
	return Error{Range: Range{Start: Offset(o), End: Offset(o + 3)}, Kind: ErrKindEncoding, Msg: msg}
}

// wideEncoding names the encoding of a UTF-16 or UTF-32 source, from its byte order mark or,
// without one, from ASCII text whose every second (fourth) byte is NUL; "" for anything else.
func wideEncoding(src []byte) string {
	switch {
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE, 0, 0}):
		return "UTF-32LE, byte order mark FF FE 00 00"
	case bytes.HasPrefix(src, []byte{0, 0, 0xFE, 0xFF}):
		return "UTF-32BE, byte order mark 00 00 FE FF"
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}):
		return "UTF-16LE, byte order mark FF FE"
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		return "UTF-16BE, byte order mark FE FF"
	}
	// Without a mark: the first 8 code units all ASCII with NUL high bytes.
	if len(src) < 16 {
		return ""
	}
	le, be := true, true
	for i := 0; i < 16; i += 2 {
		le = le && src[i] != 0 && src[i] < 0x80 && src[i+1] == 0
		be = be && src[i] == 0 && src[i+1] != 0 && src[i+1] < 0x80
	}
	switch {
	case le:
		return "UTF-16LE, no byte order mark"
	case be:
		return "UTF-16BE, no byte order mark"
	}
	return ""
}
