package astjson

// This file defines a minimal order-preserving JSON reader for comparing documents.

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// kind is the JSON type of a value; ints and floats are both numbers.
type kind uint8

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

// value is a decoded JSON value that keeps object members in document order and numbers as text.
type value struct {
	kind kind
	b    bool
	text string // number literal, or decoded string
	arr  []value
	obj  []member
}

type member struct {
	key string
	val value
}

// get returns the member named key and whether it exists.
func (v *value) get(key string) (*value, bool) {
	for i := range v.obj {
		if v.obj[i].key == key {
			return &v.obj[i].val, true
		}
	}
	return nil, false
}

// decoder reads one JSON document from data.
type decoder struct {
	data []byte
	pos  int
}

// decodeValue parses data as one JSON document.
func decodeValue(data []byte) (value, error) {
	d := decoder{data: data}
	v, err := d.value(0)
	if err != nil {
		return value{}, err
	}
	d.space()
	if d.pos != len(d.data) {
		return value{}, d.errorf("trailing data")
	}
	return v, nil
}

func (d *decoder) errorf(format string, args ...any) error {
	return fmt.Errorf("decode json at byte %d: %s", d.pos, fmt.Sprintf(format, args...))
}

func (d *decoder) space() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// maxJSONDepth bounds recursion on hostile input; real ASTs are far shallower.
const maxJSONDepth = 10000

func (d *decoder) value(depth int) (value, error) {
	if depth > maxJSONDepth {
		return value{}, d.errorf("nesting deeper than %d", maxJSONDepth)
	}
	d.space()
	if d.pos >= len(d.data) {
		return value{}, d.errorf("unexpected end of input")
	}
	switch c := d.data[d.pos]; {
	case c == '{':
		d.pos++
		v := value{kind: kObject}
		d.space()
		if d.pos < len(d.data) && d.data[d.pos] == '}' {
			d.pos++
			return v, nil
		}
		for {
			d.space()
			if d.pos >= len(d.data) || d.data[d.pos] != '"' {
				return value{}, d.errorf("expected object key")
			}
			k, err := d.str()
			if err != nil {
				return value{}, err
			}
			d.space()
			if d.pos >= len(d.data) || d.data[d.pos] != ':' {
				return value{}, d.errorf("expected ':'")
			}
			d.pos++
			mv, err := d.value(depth + 1)
			if err != nil {
				return value{}, err
			}
			v.obj = append(v.obj, member{k, mv})
			d.space()
			if d.pos < len(d.data) && d.data[d.pos] == ',' {
				d.pos++
				continue
			}
			if d.pos < len(d.data) && d.data[d.pos] == '}' {
				d.pos++
				return v, nil
			}
			return value{}, d.errorf("expected ',' or '}'")
		}
	case c == '[':
		d.pos++
		v := value{kind: kArray}
		d.space()
		if d.pos < len(d.data) && d.data[d.pos] == ']' {
			d.pos++
			return v, nil
		}
		for {
			ev, err := d.value(depth + 1)
			if err != nil {
				return value{}, err
			}
			v.arr = append(v.arr, ev)
			d.space()
			if d.pos < len(d.data) && d.data[d.pos] == ',' {
				d.pos++
				continue
			}
			if d.pos < len(d.data) && d.data[d.pos] == ']' {
				d.pos++
				return v, nil
			}
			return value{}, d.errorf("expected ',' or ']'")
		}
	case c == '"':
		s, err := d.str()
		return value{kind: kString, text: s}, err
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range [...]struct {
			s string
			v value
		}{{"true", value{kind: kBool, b: true}}, {"false", value{kind: kBool}}, {"null", value{}}} {
			if len(d.data)-d.pos >= len(lit.s) && string(d.data[d.pos:d.pos+len(lit.s)]) == lit.s {
				d.pos += len(lit.s)
				return lit.v, nil
			}
		}
		return value{}, d.errorf("invalid literal")
	case c == '-' || (c >= '0' && c <= '9'):
		start := d.pos
		d.pos++
		for d.pos < len(d.data) {
			c := d.data[d.pos]
			if (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' {
				d.pos++
				continue
			}
			break
		}
		return value{kind: kNumber, text: string(d.data[start:d.pos])}, nil
	default:
		return value{}, d.errorf("unexpected byte %q", c)
	}
}

// str decodes the string starting at d.pos. Lone surrogates become their WTF-8 bytes, so that
// both sides of a comparison decode them alike.
func (d *decoder) str() (string, error) {
	d.pos++ // opening quote
	start := d.pos
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		if c == '"' {
			s := string(d.data[start:d.pos])
			d.pos++
			return s, nil
		}
		if c == '\\' {
			break
		}
		d.pos++
	}
	buf := append([]byte(nil), d.data[start:d.pos]...)
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			return string(buf), nil
		case c != '\\':
			buf = append(buf, c)
			d.pos++
			continue
		}
		if d.pos+1 >= len(d.data) {
			break
		}
		esc := d.data[d.pos+1]
		d.pos += 2
		switch esc {
		case '"', '\\', '/':
			buf = append(buf, esc)
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'u':
			r, ok := d.hex4()
			if !ok {
				return "", d.errorf("bad \\u escape")
			}
			if utf16.IsSurrogate(r) && r < 0xdc00 && d.pos+1 < len(d.data) && d.data[d.pos] == '\\' && d.data[d.pos+1] == 'u' {
				save := d.pos
				d.pos += 2
				if r2, ok := d.hex4(); ok && r2 >= 0xdc00 && r2 <= 0xdfff {
					buf = utf8.AppendRune(buf, utf16.DecodeRune(r, r2))
					continue
				}
				d.pos = save
			}
			if utf16.IsSurrogate(r) {
				buf = append(buf, 0xed, 0xa0|byte(r>>6&0x1f), 0x80|byte(r&0x3f))
				continue
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", d.errorf("bad escape \\%c", esc)
		}
	}
	return "", d.errorf("unterminated string")
}

func (d *decoder) hex4() (rune, bool) {
	if d.pos+4 > len(d.data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(d.data[d.pos:d.pos+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	d.pos += 4
	return rune(n), true
}
