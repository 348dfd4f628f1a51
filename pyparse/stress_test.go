package pyparse_test

// This file defines TestPathological: generated inputs at the limits (deep nesting of every
// recursive construct, long chains, huge literals, many lines), which must parse without panics,
// with ranges that pass CheckInvariants and a dump astjson can encode.

import (
	"errors"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/astjson"
)

func TestPathological(t *testing.T) {
	rep := strings.Repeat
	nested := func(depth int) string { // depth levels of indented if blocks
		var b strings.Builder
		for i := range depth {
			b.WriteString(rep(" ", i) + "if x:\n")
		}
		b.WriteString(rep(" ", depth) + "pass\n")
		return b.String()
	}
	for _, c := range []struct {
		name, src string
		want      string // "" no error (valid Python), "error" some error, "too-deep" an ErrKindTooDeep
	}{
		// Left-deep chains add a tree level per link: up to MaxChain they parse (CPython 3.11
		// accepts 2,000), beyond it they fail instead of building a tree no walk survives.
		{"binop chain", "x = " + rep("a + ", 2000) + "a\n", ""},
		{"attribute chain", "x = " + rep("a.", 2000) + "a\n", ""},
		{"call chain", "x = f" + rep("()", 2000) + "\n", ""},
		{"long binop chain", "x = " + rep("a + ", 200000) + "a\n", "too-deep"},
		{"long attribute chain", "x = " + rep("a.", 200000) + "a\n", "too-deep"},
		{"long call chain", "x = f" + rep("()", 100000) + "\n", "too-deep"},
		{"long subscript chain", "x = a" + rep("[0]", 100000) + "\n", "too-deep"},
		{"comparison chain", "x = " + rep("a < ", 100000) + "a\n", ""},
		{"boolean chain", "x = " + rep("a and ", 100000) + "a\n", ""},
		{"many statements", rep("x = 1\n", 300000), ""},
		{"long string", "s = '" + rep("a", 8<<20) + "'\n", ""},
		{"many continuations", "x = 1" + rep(" \\\n", 100000) + "\n", ""},
		{"tuple of many", "x = (" + rep("1, ", 300000) + ")\n", ""},
		{"many decorators", rep("@d\n", 50000) + "def f(): pass\n", ""},
		{"nested blocks at the indent limit", nested(99), ""},
		{"nested blocks past the indent limit", nested(150), "error"},
		{"open parens", rep("(", 100000), "too-deep"},
		{"nested lists", "x = " + rep("[", 100000) + rep("]", 100000) + "\n", "too-deep"},
		{"unary minus", "x = " + rep("-", 100000) + "1\n", "too-deep"},
		{"not chain", "x = " + rep("not ", 100000) + "x\n", "too-deep"},
		{"lambda chain", "f = " + rep("lambda: ", 100000) + "0\n", "too-deep"},
		{"ternary chain", "x = " + rep("a if b else ", 100000) + "c\n", "too-deep"},
		{"power chain", "x = " + rep("2 ** ", 100000) + "2\n", "too-deep"},
		{"nested f-strings", "x = " + rep("f'{", 200) + "1" + rep("}'", 200) + "\n", "too-deep"},
		{"unclosed f-strings", rep("f'{", 5000), "too-deep"},
		{"star targets", rep("*", 100000) + "a = b\n", "error"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := pyparse.Parse([]byte(c.src))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if err := pyparse.CheckInvariants(f); err != nil {
				t.Errorf("invariants: %v", err)
			}
			deep := false
			for _, e := range f.Errors {
				deep = deep || e.Kind == pyparse.ErrKindTooDeep
			}
			switch {
			case c.want == "" && len(f.Errors) > 0:
				t.Errorf("valid input: got %d errors: %v", len(f.Errors), firstErrors(f))
			case c.want == "error" && len(f.Errors) == 0:
				t.Errorf("want a syntax error, got none")
			case c.want == "too-deep" && !deep:
				t.Errorf("want an ErrKindTooDeep error, got %d errors: %v", len(f.Errors), firstErrors(f))
			}
			// Chains deeper than astjson.MaxTreeDepth (CPython itself stops near 3,000) may only
			// fail with ErrTooDeep.
			if _, err := astjson.Append(nil, "p.py", f, nil); err != nil && !errors.Is(err, astjson.ErrTooDeep) {
				t.Errorf("encode: %v", err)
			}
		})
	}
	big := make([]byte, pyparse.MaxFileSize+1)
	if _, err := pyparse.Parse(big); !errors.Is(err, pyparse.ErrTooLarge) {
		t.Errorf("Parse of %d bytes: got %v, want ErrTooLarge", len(big), err)
	}
	if _, err := pyparse.Parse([]byte("x = 1\n\x00\n")); !errors.Is(err, pyparse.ErrBinary) {
		t.Errorf("Parse with a NUL byte: got %v, want ErrBinary", err)
	}
}

func firstErrors(f *pyparse.File) []string {
	var out []string
	for i, e := range f.Errors {
		if i == 3 {
			break
		}
		out = append(out, e.Msg)
	}
	return out
}
