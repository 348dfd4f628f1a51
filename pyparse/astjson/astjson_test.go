package astjson_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/pyparse/astjson"
)

// span returns the range of the n-th (0-based) occurrence of sub in src; it fails the test when
// there is none.
func span(t *testing.T, src, sub string, n int) ast.Range {
	t.Helper()
	off := 0
	for i := 0; ; i++ {
		j := strings.Index(src[off:], sub)
		if j < 0 {
			t.Fatalf("%q: occurrence %d of %q not found", src, n, sub)
		}
		if i == n {
			return ast.Range{Start: ast.Offset(off + j), End: ast.Offset(off + j + len(sub))}
		}
		off += j + 1
	}
}

// fileOf wraps a hand-built module as a parsed file.
func fileOf(src string, body ...ast.Stmt) *pyparse.File {
	return &pyparse.File{
		Src:    []byte(src),
		Module: &ast.Module{Range: ast.Range{End: ast.Offset(len(src))}, Body: body},
		Lines:  pyparse.NewLineIndex([]byte(src)),
	}
}

func encode(t *testing.T, f *pyparse.File, err error) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := astjson.Encode(&buf, "p.py", f, err); err != nil {
		t.Fatal(err)
	}
	out := buf.Bytes()
	if bytes.Count(out, []byte("\n")) != 1 || out[len(out)-1] != '\n' {
		t.Fatalf("Encode wrote %q: want exactly one line", out)
	}
	return out
}

// handBuilt returns sources with trees built by hand, so the encoder is tested against the
// oracle independently of the parser.
func handBuilt(t *testing.T) []struct {
	src string
	f   *pyparse.File
} {
	var cases []struct {
		src string
		f   *pyparse.File
	}
	add := func(src string, body ...ast.Stmt) {
		cases = append(cases, struct {
			src string
			f   *pyparse.File
		}{src, fileOf(src, body...)})
	}

	// Calls, keywords, floats, bytes, None and a non-ASCII string on a non-ASCII line.
	src := "é = f(1.5, b'\\xff\"', k=None, **kw)\n"
	add(src, &ast.Assign{
		Range:   span(t, src, "é = f(1.5, b'\\xff\"', k=None, **kw)", 0),
		Targets: []ast.Expr{&ast.Name{Range: span(t, src, "é", 0), ID: "é", Ctx: ast.Store}},
		Value: &ast.Call{
			Range: span(t, src, "f(1.5, b'\\xff\"', k=None, **kw)", 0),
			Func:  &ast.Name{Range: span(t, src, "f", 0), ID: "f"},
			Args: []ast.Expr{
				&ast.Constant{Range: span(t, src, "1.5", 0), Value: ast.ConstValue{Kind: ast.ConstFloat, Float: 1.5}},
				&ast.Constant{Range: span(t, src, "b'\\xff\"'", 0), Value: ast.ConstValue{Kind: ast.ConstBytes, Str: "\xff\""}},
			},
			Keywords: []*ast.Keyword{
				{Range: span(t, src, "k=None", 0), Arg: "k", Value: &ast.Constant{Range: span(t, src, "None", 0)}},
				{Range: span(t, src, "**kw", 0), Value: &ast.Name{Range: span(t, src, "kw", 0), ID: "kw"}},
			},
		},
	})

	// Relative import: module and asname are None where absent; level is an int.
	src = "from . import a as b, c\n"
	add(src, &ast.ImportFrom{
		Range: span(t, src, "from . import a as b, c", 0),
		Names: []*ast.Alias{
			{Range: span(t, src, "a as b", 0), Name: "a", Asname: "b"},
			{Range: span(t, src, "c", 0), Name: "c"},
		},
		Level: 1,
	})

	// Dict with a ** entry (null key), big int, complex, ellipsis, comparison operators.
	src = "{1: 2j, **d, 'ü': 123456789012345678901234567890}\n...\nx < y is not z\n"
	big30, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	add(src,
		&ast.ExprStmt{Range: span(t, src, "{1: 2j, **d, 'ü': 123456789012345678901234567890}", 0), Value: &ast.Dict{
			Range: span(t, src, "{1: 2j, **d, 'ü': 123456789012345678901234567890}", 0),
			Keys: []ast.Expr{
				&ast.Constant{Range: span(t, src, "1", 0), Value: ast.ConstValue{Kind: ast.ConstInt, Int: 1}},
				nil,
				&ast.Constant{Range: span(t, src, "'ü'", 0), Value: ast.ConstValue{Kind: ast.ConstStr, Str: "ü"}},
			},
			Values: []ast.Expr{
				&ast.Constant{Range: span(t, src, "2j", 0), Value: ast.ConstValue{Kind: ast.ConstComplex, Float: 2}},
				&ast.Name{Range: span(t, src, "d", 0), ID: "d"},
				&ast.Constant{Range: span(t, src, "123456789012345678901234567890", 0), Value: ast.ConstValue{Kind: ast.ConstInt, Big: big30}},
			},
		}},
		&ast.ExprStmt{Range: span(t, src, "...", 0), Value: &ast.Constant{Range: span(t, src, "...", 0), Value: ast.ConstValue{Kind: ast.ConstEllipsis}}},
		&ast.ExprStmt{Range: span(t, src, "x < y is not z", 0), Value: &ast.Compare{
			Range:       span(t, src, "x < y is not z", 0),
			Left:        &ast.Name{Range: span(t, src, "x", 0), ID: "x"},
			Ops:         []ast.CmpOp{ast.Lt, ast.IsNot},
			Comparators: []ast.Expr{&ast.Name{Range: span(t, src, "y", 0), ID: "y"}, &ast.Name{Range: span(t, src, "z", 0), ID: "z"}},
		}},
	)

	// A decorated function with every kind of parameter; an f-string whose parts carry no
	// positions; an except handler without a name.
	src = "@dec\ndef g(a, /, b=1, *c, d, e=2, **f) -> int:\n    try:\n        return f'{a!r:>{b}}'\n    except:\n        pass\n"
	fv := &ast.FormattedValue{
		Range:      span(t, src, "{a!r:>{b}}", 0),
		Value:      &ast.Name{Range: span(t, src, "a", 1), ID: "a"},
		Conversion: 'r',
		FormatSpec: &ast.JoinedStr{Range: span(t, src, ">{b}", 0), Values: []ast.Expr{
			&ast.Constant{Range: span(t, src, ">", 1), Value: ast.ConstValue{Kind: ast.ConstStr, Str: ">"}},
			&ast.FormattedValue{Range: span(t, src, "{b}", 0), Value: &ast.Name{Range: span(t, src, "b", 1), ID: "b"}, Conversion: -1},
		}},
	}
	add(src, &ast.FunctionDef{
		Range: ast.Range{Start: span(t, src, "def", 0).Start, End: ast.Offset(len(src) - 1)},
		Name:  "g",
		Args: &ast.Arguments{
			Range:       span(t, src, "a, /, b=1, *c, d, e=2, **f", 0),
			Posonlyargs: []*ast.Arg{{Range: span(t, src, "a", 0), Arg: "a"}},
			Args:        []*ast.Arg{{Range: span(t, src, "b", 0), Arg: "b"}},
			Vararg:      &ast.Arg{Range: span(t, src, "c", 1), Arg: "c"},
			Kwonlyargs:  []*ast.Arg{{Range: span(t, src, "d", 2), Arg: "d"}, {Range: span(t, src, "e", 2), Arg: "e"}},
			KwDefaults:  []ast.Expr{nil, &ast.Constant{Range: span(t, src, "2", 0), Value: ast.ConstValue{Kind: ast.ConstInt, Int: 2}}},
			Kwarg:       &ast.Arg{Range: span(t, src, "f", 1), Arg: "f"},
			Defaults:    []ast.Expr{&ast.Constant{Range: span(t, src, "1", 0), Value: ast.ConstValue{Kind: ast.ConstInt, Int: 1}}},
		},
		Body: []ast.Stmt{&ast.Try{
			Range: ast.Range{Start: span(t, src, "try", 0).Start, End: ast.Offset(len(src) - 1)},
			Body: []ast.Stmt{&ast.Return{
				Range: span(t, src, "return f'{a!r:>{b}}'", 0),
				Value: &ast.JoinedStr{Range: span(t, src, "f'{a!r:>{b}}'", 0), Values: []ast.Expr{fv}},
			}},
			Handlers: []*ast.ExceptHandler{{
				Range: ast.Range{Start: span(t, src, "except", 0).Start, End: ast.Offset(len(src) - 1)},
				Body:  []ast.Stmt{&ast.Pass{Range: span(t, src, "pass", 0)}},
			}},
		}},
		DecoratorList: []ast.Expr{&ast.Name{Range: span(t, src, "dec", 0), ID: "dec"}},
		Returns:       &ast.Name{Range: span(t, src, "int", 0), ID: "int"},
	})

	// match: MatchAs/MatchStar without names are None, MatchMapping rest, singletons, class patterns.
	src = "match p:\n    case {1: _, **rest} | [*_, None] | C(x, y=True):\n        pass\n"
	add(src, &ast.Match{
		Range:   ast.Range{End: ast.Offset(len(src) - 1)},
		Subject: &ast.Name{Range: span(t, src, "p", 0), ID: "p"},
		Cases: []*ast.MatchCase{{
			Range: ast.Range{Start: span(t, src, "case", 0).Start, End: ast.Offset(len(src) - 1)},
			Pattern: &ast.MatchOr{Range: span(t, src, "{1: _, **rest} | [*_, None] | C(x, y=True)", 0), Patterns: []ast.Pattern{
				&ast.MatchMapping{
					Range:    span(t, src, "{1: _, **rest}", 0),
					Keys:     []ast.Expr{&ast.Constant{Range: span(t, src, "1", 0), Value: ast.ConstValue{Kind: ast.ConstInt, Int: 1}}},
					Patterns: []ast.Pattern{&ast.MatchAs{Range: span(t, src, "_", 0)}},
					Rest:     "rest",
				},
				&ast.MatchSequence{Range: span(t, src, "[*_, None]", 0), Patterns: []ast.Pattern{
					&ast.MatchStar{Range: span(t, src, "*_", 0)},
					&ast.MatchSingleton{Range: span(t, src, "None", 0)},
				}},
				&ast.MatchClass{
					Range:       span(t, src, "C(x, y=True)", 0),
					Cls:         &ast.Name{Range: span(t, src, "C", 0), ID: "C"},
					Patterns:    []ast.Pattern{&ast.MatchAs{Range: span(t, src, "x", 0), Name: "x"}},
					KwdAttrs:    []string{"y"},
					KwdPatterns: []ast.Pattern{&ast.MatchSingleton{Range: span(t, src, "True", 0), Value: ast.ConstValue{Kind: ast.ConstBool, Bool: true}}},
				},
			}},
			Body: []ast.Stmt{&ast.Pass{Range: span(t, src, "pass", 0)}},
		}},
	})
	return cases
}

func TestEncodeHandBuiltMatchesOracle(t *testing.T) {
	cases := handBuilt(t)
	var srcs []string
	for _, c := range cases {
		srcs = append(srcs, c.src)
	}
	want := oracleDocs(t, srcs)
	for i, c := range cases {
		got := encode(t, c.f, nil)
		d, err := astjson.Compare(want[i], got)
		if err != nil {
			t.Fatalf("%s: %v", quote(c.src), err)
		}
		if d != nil {
			t.Errorf("%s: %v\nwant %s\ngot  %s", quote(c.src), d, want[i], got)
		}
	}
}

// TestEncodeExactText pins the byte-exact output for one small tree, independent of python3.
func TestEncodeExactText(t *testing.T) {
	src := "from . import a as b\n"
	f := fileOf(src, &ast.ImportFrom{
		Range: span(t, src, "from . import a as b", 0),
		Names: []*ast.Alias{{Range: span(t, src, "a as b", 0), Name: "a", Asname: "b"}},
		Level: 1,
	})
	got := string(encode(t, f, nil))
	want := `{"path":"p.py","ast":{"_type":"Module","body":[{"_type":"ImportFrom","module":null,"names":[` +
		`{"_type":"alias","name":"a","asname":"b","lineno":1,"col_offset":14,"end_lineno":1,"end_col_offset":20}],` +
		`"level":1,"lineno":1,"col_offset":0,"end_lineno":1,"end_col_offset":20}],"type_ignores":[]}}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestEncodeErrors(t *testing.T) {
	src := "x = 1\ny = é)\n"
	f := fileOf(src)
	f.Errors = []pyparse.Error{
		{Range: span(t, src, ")", 0), Msg: "unmatched ')'"},
		{Range: span(t, src, "y", 0), Msg: "later error"},
	}
	got := string(encode(t, f, nil))
	// Column 7 is 1-based and counts characters: "é" is one column although it is two bytes.
	want := `{"path":"p.py","error":{"line":2,"col":6,"msg":"unmatched ')'"}}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}

	got = string(encode(t, nil, pyparse.ErrBinary))
	want = `{"path":"p.py","error":{"line":null,"col":null,"msg":"source contains a NUL byte"}}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}

	if err := astjson.Encode(&bytes.Buffer{}, "p.py", nil, nil); err == nil {
		t.Error("Encode with no file and no error: want an error")
	}
	if err := astjson.Encode(failWriter{}, "p.py", fileOf("pass\n"), nil); err == nil || !strings.Contains(err.Error(), "p.py") {
		t.Errorf("Encode to a failing writer: got %v, want an error naming the path", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestEncodeTypedNil checks that a typed nil child (a node the parser could not build) is null,
// not a panic.
func TestEncodeTypedNil(t *testing.T) {
	src := "return\n"
	f := fileOf(src, &ast.Return{Range: span(t, src, "return", 0), Value: (*ast.Name)(nil)}, (*ast.Pass)(nil))
	got := string(encode(t, f, nil))
	if !strings.Contains(got, `"value":null`) || !strings.Contains(got, `"body":[{"_type":"Return","value":null,"lineno":1,"col_offset":0,"end_lineno":1,"end_col_offset":6},null]`) {
		t.Errorf("got %s", got)
	}
}

func TestFloatRepr(t *testing.T) {
	// Expected strings are Python 3.11's repr of the same floats.
	for _, c := range []struct {
		f    float64
		want string
	}{
		{0, "0.0"}, {math.Copysign(0, -1), "-0.0"}, {1, "1.0"}, {1.5, "1.5"}, {0.1, "0.1"},
		{1e16, "1e+16"}, {1e15, "1000000000000000.0"}, {123456789012345678, "1.2345678901234568e+17"},
		{0.0001, "0.0001"}, {0.00001, "1e-05"}, {1.5e-7, "1.5e-07"}, {1e300, "1e+300"},
		{5e-324, "5e-324"}, {1.7976931348623157e308, "1.7976931348623157e+308"}, {-2.5, "-2.5"},
		{123.456, "123.456"}, {1e22, "1e+22"}, {9999999999999998, "9999999999999998.0"},
		{math.Inf(1), `"inf"`}, {math.Inf(-1), `"-inf"`}, {math.NaN(), `"nan"`},
	} {
		src := "x\n"
		f := fileOf(src, &ast.ExprStmt{Range: span(t, src, "x", 0),
			Value: &ast.Constant{Range: span(t, src, "x", 0), Value: ast.ConstValue{Kind: ast.ConstFloat, Float: c.f}}})
		got := string(encode(t, f, nil))
		if !strings.Contains(got, `"value":`+c.want+`,`) {
			t.Errorf("float %v: got %s, want value %s", c.f, got, c.want)
		}
	}
}

func TestStringEscapes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain", `"plain"`},
		{"q\"b\\s/", `"q\"b\\s/"`},
		{"\n\r\t\b\f\x00\x1f\x7f", `"\n\r\t\b\f\u0000\u001f\u007f"`},
		{"é€", `"\u00e9\u20ac"`},
		{"😀", `"\ud83d\ude00"`},
		{"\xed\xb2\x80", `"\udc80"`}, // WTF-8 lone surrogate, as in the Python str "\udc80"
		{"\xff", `"\ufffd"`},
	} {
		src := "x\n"
		f := fileOf(src, &ast.ExprStmt{Range: span(t, src, "x", 0),
			Value: &ast.Constant{Range: span(t, src, "x", 0), Value: ast.ConstValue{Kind: ast.ConstStr, Str: c.in}}})
		got := string(encode(t, f, nil))
		if !strings.Contains(got, `"value":`+c.want+`,`) {
			t.Errorf("string %q: got %s, want value %s", c.in, got, c.want)
		}
	}
}

func TestEncodeIndent(t *testing.T) {
	src := "from . import a as b\n"
	f := fileOf(src, &ast.ImportFrom{
		Range: span(t, src, "from . import a as b", 0),
		Names: []*ast.Alias{{Range: span(t, src, "a as b", 0), Name: "a", Asname: "b"}},
		Level: 1,
	})
	var buf bytes.Buffer
	if err := astjson.EncodeIndent(&buf, "p.py", f, nil, "  ", 60); err != nil {
		t.Fatal(err)
	}
	want := `{
  "path": "p.py",
  "ast": {
    "_type": "Module",
    "body": [
      {
        "_type": "ImportFrom",
        "module": null,
        "names": [
          {
            "_type": "alias",
            "name": "a",
            "asname": "b",
            "lineno": 1,
            "col_offset": 14,
            "end_lineno": 1,
            "end_col_offset": 20
          }
        ],
        "level": 1,
        "lineno": 1,
        "col_offset": 0,
        "end_lineno": 1,
        "end_col_offset": 20
      }
    ],
    "type_ignores": []
  }
}
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	for _, bad := range []string{"", "{", `{"a":}`, "[1,]", `{"a" 1}`, "]"} {
		if out, err := astjson.AppendIndent([]byte("x"), []byte(bad), "  ", 10); err == nil || string(out) != "x" {
			t.Errorf("AppendIndent(%q) = %q, %v: want an error and dst unchanged", bad, out, err)
		}
	}
	spaced, err := astjson.AppendIndent(nil, []byte(`{ "a" : [ 1 , 2 ], "b": {} }`), "  ", 4)
	if want := "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}"; err != nil || string(spaced) != want {
		t.Errorf("AppendIndent of spaced JSON = %q, %v; want %q", spaced, err, want)
	}
	compact := encode(t, f, nil)
	if d, err := astjson.Compare(compact, buf.Bytes()); err != nil || d != nil {
		t.Errorf("indented document differs from the compact one: %v %v", d, err)
	}
}

// TestEncodeTooDeep checks that a tree nested deeper than MaxTreeDepth is an error, not a stack
// overflow or a truncated document.
func TestEncodeTooDeep(t *testing.T) {
	src := "x\n"
	// Module, ExprStmt, k UnaryOps and the Name: k+3 levels.
	chain := func(k int) *pyparse.File {
		var e ast.Expr = &ast.Name{Range: span(t, src, "x", 0), ID: "x"}
		for range k {
			e = &ast.UnaryOp{Range: e.Span(), Op: ast.USub, Operand: e}
		}
		return fileOf(src, &ast.ExprStmt{Range: e.Span(), Value: e})
	}
	f := chain(astjson.MaxTreeDepth - 2)
	if out, err := astjson.Append([]byte("keep"), "p.py", f, nil); err == nil || string(out) != "keep" {
		t.Errorf("Append of a too deep tree = %.40q…, %v: want an error and dst unchanged", out, err)
	}
	if _, err := astjson.AppendNode(nil, f.Module, f.Lines); err == nil {
		t.Error("AppendNode of a too deep tree: want an error")
	}
	if _, err := astjson.Append(nil, "p.py", chain(astjson.MaxTreeDepth-3), nil); err != nil {
		t.Errorf("Append of a tree exactly at the limit: %v", err)
	}
}
