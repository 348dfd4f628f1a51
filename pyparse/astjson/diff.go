package astjson

// This file defines the structural comparison of oracle and pyparse documents: a port of the
// first_diff semantics of ../shared/tools/astdiff.py.

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Diff describes the first difference between an expected and an actual document.
type Diff struct {
	// Path is the JSON path of the difference, e.g. $.ast.body[3].value.col_offset, or
	// $.ast.body.length when the lists differ only in length. A whole-document mismatch
	// (one side parsed, the other did not) has Path "$".
	Path string
	// Expected and Actual are short JSON renderings of the two differing values.
	Expected, Actual string
}

// NormPath returns Path with list indices removed ($.ast.body[].value.col_offset): the key for
// grouping many files' differences.
func (d *Diff) NormPath() string {
	var b strings.Builder
	in := false
	for _, c := range d.Path {
		switch {
		case c == '[':
			in = true
			b.WriteString("[]")
		case c == ']':
			in = false
		case !in:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// String renders the difference as astdiff.py does: "at PATH expected X got Y".
func (d *Diff) String() string {
	return fmt.Sprintf("at %s expected %s got %s", d.Path, d.Expected, d.Actual)
}

// Compare compares two single-file documents (JSON lines in the pyast2json format) as astdiff.py
// does: equal "ast" values match (ints and floats compare numerically), and two "error" documents
// match whatever their messages. It returns nil when they match, and an error when either
// document is not valid JSON.
func Compare(expected, actual []byte) (*Diff, error) { return compare(expected, actual, false) }

// CompareNewer is Compare for an expected document that pyast2json.py wrote under Python 3.12 or
// later, whose AST has fields the 3.11 format lacks: its empty "type_params" lists and null
// "default_value" members, which Encode leaves out, are ignored.
func CompareNewer(expected, actual []byte) (*Diff, error) { return compare(expected, actual, true) }

func compare(expected, actual []byte, newer bool) (*Diff, error) {
	e, err := decodeValue(bytes.TrimSpace(expected))
	if err != nil {
		return nil, fmt.Errorf("compare expected document: %w", err)
	}
	a, err := decodeValue(bytes.TrimSpace(actual))
	if err != nil {
		return nil, fmt.Errorf("compare actual document: %w", err)
	}
	ee, eErr := e.get("error")
	ae, aErr := a.get("error")
	switch {
	case eErr && aErr:
		return nil, nil
	case eErr:
		return &Diff{Path: "$", Expected: "error " + short(ee), Actual: "ast"}, nil
	case aErr:
		return &Diff{Path: "$", Expected: "ast", Actual: "error " + short(ae)}, nil
	}
	et, _ := e.get("ast")
	at, _ := a.get("ast")
	if et == nil || at == nil {
		return nil, fmt.Errorf("compare documents: missing \"ast\" member")
	}
	if newer {
		dropNewFields(et)
	}
	return firstDiff(et, at, "$.ast"), nil
}

// dropNewFields removes, throughout v, the members that Python 3.12+ writes but Encode leaves out
// when empty: "type_params": [] (except in TypeAlias, which always has it) and
// "default_value": null.
func dropNewFields(v *value) {
	switch v.kind {
	case kArray:
		for i := range v.arr {
			dropNewFields(&v.arr[i])
		}
	case kObject:
		typ, _ := v.get("_type")
		alias := typ != nil && typ.kind == kString && typ.text == "TypeAlias"
		kept := v.obj[:0]
		for _, m := range v.obj {
			if (m.key == "type_params" && m.val.kind == kArray && len(m.val.arr) == 0 && !alias) ||
				(m.key == "default_value" && m.val.kind == kNull) {
				continue
			}
			dropNewFields(&m.val)
			kept = append(kept, m)
		}
		v.obj = kept
	}
}

// firstDiff returns the first difference between a and b in document order, or nil.
func firstDiff(a, b *value, path string) *Diff {
	if a.kind != b.kind {
		return &Diff{Path: path, Expected: short(a), Actual: short(b)}
	}
	switch a.kind {
	case kObject:
		for i := range a.obj {
			k := a.obj[i].key
			bv, ok := b.get(k)
			if !ok {
				return &Diff{Path: path + "." + k, Expected: short(&a.obj[i].val), Actual: `"<missing>"`}
			}
			if d := firstDiff(&a.obj[i].val, bv, path+"."+k); d != nil {
				return d
			}
		}
		for i := range b.obj {
			if _, ok := a.get(b.obj[i].key); !ok {
				return &Diff{Path: path + "." + b.obj[i].key, Expected: `"<missing>"`, Actual: short(&b.obj[i].val)}
			}
		}
	case kArray:
		for i := range min(len(a.arr), len(b.arr)) {
			if d := firstDiff(&a.arr[i], &b.arr[i], path+"["+strconv.Itoa(i)+"]"); d != nil {
				return d
			}
		}
		if len(a.arr) != len(b.arr) {
			return &Diff{Path: path + ".length", Expected: strconv.Itoa(len(a.arr)), Actual: strconv.Itoa(len(b.arr))}
		}
	case kNumber:
		if !numbersEqual(a.text, b.text) {
			return &Diff{Path: path, Expected: a.text, Actual: b.text}
		}
	case kBool:
		if a.b != b.b {
			return &Diff{Path: path, Expected: short(a), Actual: short(b)}
		}
	case kString:
		if a.text != b.text {
			return &Diff{Path: path, Expected: short(a), Actual: short(b)}
		}
	}
	return nil
}

func isIntLiteral(s string) bool { return !strings.ContainsAny(s, ".eE") }

// numbersEqual compares two JSON number literals as Python compares the values json.loads gives:
// ints exactly at any size, anything involving a float numerically.
func numbersEqual(a, b string) bool {
	if a == b {
		return true
	}
	if isIntLiteral(a) && isIntLiteral(b) {
		x, ok1 := new(big.Int).SetString(a, 10)
		y, ok2 := new(big.Int).SetString(b, 10)
		return ok1 && ok2 && x.Cmp(y) == 0
	}
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	if isIntLiteral(a) || isIntLiteral(b) { // int vs float: exact, as Python compares them
		i, f := a, y
		if !isIntLiteral(a) {
			i, f = b, x
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return false
		}
		bi, ok := new(big.Int).SetString(i, 10)
		if !ok {
			return false
		}
		bf := new(big.Float).SetFloat64(f)
		return new(big.Float).SetInt(bi).Cmp(bf) == 0
	}
	return x == y
}

// short renders v as compact JSON of at most 120 bytes.
func short(v *value) string {
	var b []byte
	b = appendValue(b, v)
	if len(b) >= 120 {
		return string(b[:117]) + "..."
	}
	return string(b)
}

func appendValue(dst []byte, v *value) []byte {
	switch v.kind {
	case kNull:
		return append(dst, "null"...)
	case kBool:
		return strconv.AppendBool(dst, v.b)
	case kNumber:
		return append(dst, v.text...)
	case kString:
		return appendString(dst, v.text)
	case kArray:
		dst = append(dst, '[')
		for i := range v.arr {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendValue(dst, &v.arr[i])
			if len(dst) > 200 {
				break
			}
		}
		return append(dst, ']')
	default:
		dst = append(dst, '{')
		for i := range v.obj {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, v.obj[i].key)
			dst = append(dst, ':')
			dst = appendValue(dst, &v.obj[i].val)
			if len(dst) > 200 {
				break
			}
		}
		return append(dst, '}')
	}
}
