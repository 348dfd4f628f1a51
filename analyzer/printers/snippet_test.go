package printers

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/pyparse"
)

// TestLongLineSnippet: a finding on a 10 MB line shows a window of the line around the finding,
// with the caret under the range, not the whole line.
func TestLongLineSnippet(t *testing.T) {
	pad := strings.Repeat("1, ", 10<<20/3)
	src := []byte("x = [" + pad + "bad, " + pad + "0]\n")
	at := bytes.Index(src, []byte("bad"))
	f := analyzer.Finding{Path: "big.py", Range: pyparse.Range{Start: pyparse.Offset(at), End: pyparse.Offset(at + 3)},
		Line: 1, Col: at + 1, EndLine: 1, EndCol: at + 4, Code: "AL801", Message: "`bad` found"}
	p, err := New("text", Options{Source: func(string) []byte { return src }})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := p.Print(&out, []analyzer.Finding{f}); err != nil {
		t.Fatal(err)
	}
	if out.Len() > 2*maxSnippet+200 {
		t.Fatalf("the snippet is %d bytes long", out.Len())
	}
	lines := strings.Split(out.String(), "\n")
	code, carets := lines[2], lines[3]
	i := strings.Index(code, "bad")
	j := strings.Index(carets, "^^^")
	if !strings.Contains(code, "…") || i < 0 || len([]rune(code[:i])) != len([]rune(carets[:j])) || strings.Count(carets, "^") != 3 {
		t.Errorf("snippet:\n%s\n%s", code, carets)
	}
}

func TestSnippetWindow(t *testing.T) {
	line := strings.Repeat("é", 300) // 600 bytes, two per rune
	got, from, to := snippetWindow(line, 300, 304)
	if !strings.HasPrefix(got, "…") || !strings.HasSuffix(got, "…") || len(got) > maxSnippet+8 || got[from:to] != "éé" {
		t.Errorf("window %q [%d,%d)", got, from, to)
	}
	if got, from, to := snippetWindow("short", 1, 3); got != "short" || from != 1 || to != 3 {
		t.Errorf("a short line changed: %q %d %d", got, from, to)
	}
}
