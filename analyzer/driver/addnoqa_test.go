package driver

import (
	"testing"

	"github.com/arraylint/arraylint/pyparse"
)

func TestAddNoqa(t *testing.T) {
	rn := mustRunner(t, badWord, UnusedNoqa)
	for _, tc := range []struct{ src, want string }{
		{"x = bad\n", "x = bad  # noqa: AL801\n"},
		{"x = bad   \r\ny = 1\r\n", "x = bad  # noqa: AL801\r\ny = 1\r\n"},     // trailing blanks replaced, CRLF kept
		{"x = bad  # noqa: E501 why\n", "x = bad  # noqa: E501, AL801 why\n"},  // merged, explanation kept
		{"x = bad  # noqa\n", "x = bad  # noqa\n"},                             // bare noqa covers it
		{"x = bad + \\\n    1\n", "x = bad + \\\n    1\n"},                     // a continuation line cannot take a comment
		{"s = '''bad\n'''\n", "s = '''bad\n'''\n"},                             // inside a string
		{"s = f'''{bad}\n'''\n", "s = f'''{bad}\n'''\n"},                       // inside an f-string
		{"f(bad,\n  bad)\n", "f(bad,  # noqa: AL801\n  bad)  # noqa: AL801\n"}, // inside brackets is fine
	} {
		f, err := pyparse.Parse([]byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		findings, err := rn.CheckParsed(t.Context(), "t.py", f, nil)
		if err != nil {
			t.Fatal(err)
		}
		out, _, _, err := AddNoqa(f, findings)
		if err != nil || string(out) != tc.want {
			t.Errorf("AddNoqa(%q) = %q, %v; want %q", tc.src, out, err, tc.want)
			continue
		}
		// Idempotent: the result has nothing left to annotate.
		f2, _ := pyparse.Parse(out)
		findings2, _ := rn.CheckParsed(t.Context(), "t.py", f2, nil)
		if again, n, _, _ := AddNoqa(f2, findings2); n != 0 || string(again) != string(out) {
			t.Errorf("AddNoqa(%q) again added %d: %q", tc.src, n, again)
		}
	}
}
