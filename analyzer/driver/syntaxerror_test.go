package driver_test

import (
	"context"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
)

// A file that does not parse gets one AL901 finding, at its first error, counting the others: a
// Python 2 file used to get one per error (2,195 findings for 721 files of one corpus).
func TestSyntaxErrorsOneFindingPerFile(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      int // AL901 findings
	}{
		{"python2", "print \"a\"\nx = 1\nprint \"b\"\nexec \"c\"\n", 1},
		{"one error", "def f(x)\n    return x\n", 1},
		{"clean", "x = 1\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs, err := driver.CheckSource(context.Background(), "m.py", []byte(tc.src), nil, driver.ToolRules())
			if err != nil {
				t.Fatal(err)
			}
			var got []analyzer.Finding
			for _, f := range fs {
				if f.Code == "AL901" {
					got = append(got, f)
				}
			}
			if len(got) != tc.want {
				t.Fatalf("%d AL901 findings, want %d: %+v", len(got), tc.want, got)
			}
			if len(got) == 1 && tc.name == "python2" {
				if got[0].Line != 1 || !strings.HasSuffix(got[0].Message, "(and 2 more syntax errors after it)") {
					t.Errorf("finding %d:%d %q, want line 1 and the count of the 2 other errors", got[0].Line, got[0].Col, got[0].Message)
				}
			}
			if len(got) == 1 && tc.name == "one error" && strings.Contains(got[0].Message, "more syntax") {
				t.Errorf("a file with one error: %q counts others", got[0].Message)
			}
		})
	}
}
