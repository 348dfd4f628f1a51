package astjson_test

import (
	"testing"

	"github.com/arraylint/arraylint/pyparse/astjson"
)

func TestCompare(t *testing.T) {
	for _, c := range []struct {
		name, a, b string
		path       string // "" when the documents match
	}{
		{"equal", `{"path":"a","ast":{"_type":"M","x":[1,2]}}`, `{"path":"b", "ast": {"_type": "M", "x": [1, 2]}}`, ""},
		{"int equals float", `{"ast":{"v":1}}`, `{"ast":{"v":1.0}}`, ""},
		{"float repr forms", `{"ast":{"v":1e+16}}`, `{"ast":{"v":10000000000000000.0}}`, ""},
		{"big ints exact", `{"ast":{"v":123456789012345678901234567890}}`, `{"ast":{"v":123456789012345678901234567891}}`, "$.ast.v"},
		{"big int vs float", `{"ast":{"v":100000000000000000000}}`, `{"ast":{"v":1e20}}`, ""},
		{"bool is not int", `{"ast":{"v":true}}`, `{"ast":{"v":1}}`, "$.ast.v"},
		{"escapes decoded", `{"ast":{"v":"\u00e9\ud83d\ude00"}}`, "{\"ast\":{\"v\":\"é😀\"}}", ""},
		{"lone surrogate", `{"ast":{"v":"\udc80"}}`, `{"ast":{"v":"\udc80"}}`, ""},
		{"first of many", `{"ast":{"a":[{"x":1},{"x":2}],"b":3}}`, `{"ast":{"a":[{"x":1},{"x":5}],"b":4}}`, "$.ast.a[1].x"},
		{"length", `{"ast":{"a":[1,2]}}`, `{"ast":{"a":[1,2,3]}}`, "$.ast.a.length"},
		{"missing key", `{"ast":{"a":1,"b":2}}`, `{"ast":{"a":1}}`, "$.ast.b"},
		{"extra key", `{"ast":{"a":1}}`, `{"ast":{"a":1,"c":2}}`, "$.ast.c"},
		{"null vs object", `{"ast":{"a":null}}`, `{"ast":{"a":{}}}`, "$.ast.a"},
		{"both errors", `{"error":{"line":1,"col":2,"msg":"x"}}`, `{"error":{"line":9,"col":9,"msg":"y"}}`, ""},
		{"error vs ast", `{"error":{"line":1,"col":2,"msg":"x"}}`, `{"ast":{}}`, "$"},
		{"ast vs error", `{"ast":{}}`, `{"error":{"line":1,"col":2,"msg":"x"}}`, "$"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := astjson.Compare([]byte(c.a), []byte(c.b))
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case c.path == "" && d != nil:
				t.Errorf("want a match, got %v", d)
			case c.path != "" && d == nil:
				t.Errorf("want a difference at %s, got a match", c.path)
			case c.path != "" && d.Path != c.path:
				t.Errorf("want a difference at %s, got %v", c.path, d)
			}
		})
	}
}

func TestCompareBadJSON(t *testing.T) {
	for _, bad := range []string{``, `{`, `{"ast":}`, `{"ast":{}} x`, `{"ast":"\q"}`, `{"ast":[1,}`, `{"a":1}`} {
		if _, err := astjson.Compare([]byte(bad), []byte(`{"ast":{}}`)); err == nil {
			t.Errorf("Compare(%q): want an error", bad)
		}
	}
}

func TestNormPath(t *testing.T) {
	d := astjson.Diff{Path: "$.ast.body[12].value.elts[0].col_offset"}
	if got, want := d.NormPath(), "$.ast.body[].value.elts[].col_offset"; got != want {
		t.Errorf("NormPath() = %q, want %q", got, want)
	}
}

func TestCompareNewer(t *testing.T) {
	exp := `{"ast":{"_type":"FunctionDef","type_params":[],"x":{"_type":"TypeVar","name":"T","bound":null,"default_value":null}}}`
	act := `{"ast":{"_type":"FunctionDef","x":{"_type":"TypeVar","name":"T","bound":null}}}`
	if d, err := astjson.CompareNewer([]byte(exp), []byte(act)); err != nil || d != nil {
		t.Errorf("CompareNewer: got %v %v, want a match", d, err)
	}
	if d, _ := astjson.Compare([]byte(exp), []byte(act)); d == nil || d.Path != "$.ast.type_params" {
		t.Errorf("Compare: got %v, want a difference at $.ast.type_params", d)
	}
	alias := `{"ast":{"_type":"TypeAlias","type_params":[]}}`
	if d, _ := astjson.CompareNewer([]byte(alias), []byte(`{"ast":{"_type":"TypeAlias"}}`)); d == nil {
		t.Errorf("CompareNewer: TypeAlias without type_params matched; TypeAlias always has them")
	}
	nonEmpty := `{"ast":{"_type":"FunctionDef","type_params":[1],"x":{"default_value":2}}}`
	if d, _ := astjson.CompareNewer([]byte(nonEmpty), []byte(act)); d == nil || d.Path != "$.ast.type_params" {
		t.Errorf("CompareNewer with non-empty type_params: got %v, want a difference at $.ast.type_params", d)
	}
}
