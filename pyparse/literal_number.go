package pyparse

// This file defines ParseNumber, the value of a Number token.

import (
	"math/big"
	"strconv"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// ParseNumber returns the value of a number literal as Python computes it: an int of any
// size (Int when it fits in int64, else Big), a float (overflow gives ±Inf as in CPython), or
// an imaginary number (Kind ConstComplex, Float holds the imaginary part). text is the token's
// source text, underscores included. The returned Error has an empty Range: the caller places
// it on the token.
func ParseNumber(text []byte) (ast.ConstValue, *Error) {
	var buf [64]byte
	s := buf[:0]
	for _, c := range text {
		if c != '_' {
			s = append(s, c)
		}
	}
	bad := func() (ast.ConstValue, *Error) {
		return ast.ConstValue{}, &Error{Kind: ErrKindToken, Msg: "invalid number literal " + strconv.Quote(string(text))}
	}
	if len(s) == 0 || !numberText(s) {
		return bad()
	}
	last := s[len(s)-1]
	if last == 'j' || last == 'J' {
		f, ok := parseFloat(s[:len(s)-1])
		if !ok {
			return bad()
		}
		return ast.ConstValue{Kind: ast.ConstComplex, Float: f}, nil
	}
	base := 10
	digits := s
	if len(s) > 2 && s[0] == '0' {
		switch s[1] | 0x20 {
		case 'x':
			base, digits = 16, s[2:]
		case 'o':
			base, digits = 8, s[2:]
		case 'b':
			base, digits = 2, s[2:]
		}
	}
	if base == 10 {
		for _, c := range s {
			if c == '.' || c == 'e' || c == 'E' {
				f, ok := parseFloat(s)
				if !ok {
					return bad()
				}
				return ast.ConstValue{Kind: ast.ConstFloat, Float: f}, nil
			}
		}
	}
	if v, err := strconv.ParseInt(string(digits), base, 64); err == nil {
		return ast.ConstValue{Kind: ast.ConstInt, Int: v}, nil
	}
	b, ok := new(big.Int).SetString(string(digits), base)
	if !ok {
		return bad()
	}
	return ast.ConstValue{Kind: ast.ConstInt, Big: b}, nil
}

// numberText reports whether s (underscores removed) holds only characters of Python number
// literals, so that strconv's extra syntax (inf, nan, hex floats) is never accepted.
func numberText(s []byte) bool {
	for _, c := range s {
		if !(isHexDigit(c) || c == '.' || c|0x20 == 'x' || c|0x20 == 'o' || c|0x20 == 'j' || c == '+' || c == '-') {
			return false
		}
	}
	return s[0] != '+' && s[0] != '-'
}

// parseFloat parses a decimal float literal; out-of-range values round to ±Inf or 0 as in
// CPython.
func parseFloat(s []byte) (float64, bool) {
	if len(s) == 0 || s[0] == '0' && len(s) > 1 && s[1]|0x20 == 'x' {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(s), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}
