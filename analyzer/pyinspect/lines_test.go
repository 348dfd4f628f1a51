package pyinspect_test

import (
	"go/token"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/pyparse"
)

const linesSrc = "import numpy as np\r\ndef f(a):\r  b = a; c = b\n\tif a: d = 1\n    return b\n"

func parseLines(t *testing.T) *pyinspect.Result {
	t.Helper()
	f, err := pyparse.Parse([]byte(linesSrc))
	if err != nil {
		t.Fatal(err)
	}
	return pyinspect.New(token.NewFileSet(), "a.py", f)
}

// LineStart and Indent read line breaks as the lexer does ("\r\n", a lone "\r", "\n") and say
// when code, not only blanks, precedes the offset on its line.
func TestLineStartAndIndent(t *testing.T) {
	r := parseLines(t)
	at := func(s string) pyparse.Offset {
		i := strings.Index(linesSrc, s)
		if i < 0 {
			t.Fatalf("%q not in the source", s)
		}
		return pyparse.Offset(i)
	}
	for _, c := range []struct {
		at     string
		start  string // the text the line starts with
		indent string
		ok     bool
	}{
		{"import", "import", "", true},
		{"def", "def", "", true},         // after "\r\n"
		{"b = a", "  b = a", "  ", true}, // after a lone "\r"
		{"c = b", "  b = a", "", false},  // after `;`
		{"if a", "\tif", "\t", true},
		{"d = 1", "\tif", "", false}, // after a compound statement's colon
		{"return", "    return", "    ", true},
	} {
		o := at(c.at)
		if got := linesSrc[r.LineStart(o):]; !strings.HasPrefix(got, c.start) {
			t.Errorf("LineStart(%q) starts at %.10q, want %q", c.at, got, c.start)
		}
		if indent, ok := r.Indent(o); indent != c.indent || ok != c.ok {
			t.Errorf("Indent(%q) = %q, %v; want %q, %v", c.at, indent, ok, c.indent, c.ok)
		}
	}
	if got := r.LineStart(pyparse.Offset(len(linesSrc))); got != pyparse.Offset(len(linesSrc)) {
		t.Errorf("LineStart(end) = %d, want %d (the empty last line)", got, len(linesSrc))
	}
	if got := r.LineStart(1 << 20); got != pyparse.Offset(len(linesSrc)) {
		t.Errorf("LineStart past the end = %d, want it clamped to %d", got, len(linesSrc))
	}
}

// StmtAt and a StmtIndex give the innermost, last statement starting on a line, nil on a line
// where none starts.
func TestStmtAt(t *testing.T) {
	r := parseLines(t)
	x := r.StmtIndex()
	for line, want := range map[int]string{1: "import numpy as np", 2: "def f(a):", 3: "c = b", 4: "d = 1", 5: "return b", 6: ""} {
		var got string
		if st := r.StmtAt(line); st != nil {
			got = r.Text(st)
		}
		if want == "" && got != "" || !strings.HasPrefix(got, want) {
			t.Errorf("StmtAt(%d) = %.20q, want %q", line, got, want)
		}
		if x.At(line) != r.StmtAt(line) {
			t.Errorf("StmtIndex.At(%d) differs from StmtAt", line)
		}
	}
}
