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

// TestSnippetEscapesControls: control characters in an echoed source line (a string literal
// holding terminal escape sequences, the NUL bytes of a UTF-16 file), in a message quoting it
// and in a path reach the terminal escaped, and the carets stay under the range.
func TestSnippetEscapesControls(t *testing.T) {
	src := []byte("t = \"\x1b]0;pwned\x07\x1b[2J\x00\x9b\u202e\"; x = bad\n")
	at := bytes.Index(src, []byte("bad"))
	f := analyzer.Finding{Path: "a\x1b[31m.py", Range: pyparse.Range{Start: pyparse.Offset(at), End: pyparse.Offset(at + 3)},
		Line: 1, Col: at + 1, EndLine: 1, EndCol: at + 4, Code: "AL801", Message: "`\x1b[2J` found"}
	for _, format := range []string{"text", "concise"} {
		p, err := New(format, Options{Source: func(string) []byte { return src }})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := p.Print(&out, []analyzer.Finding{f}); err != nil {
			t.Fatal(err)
		}
		for _, r := range out.String() {
			if r != '\n' && (r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || r == 0x202e || r == 0xfffd) {
				t.Errorf("%s: a %U reaches the terminal:\n%q", format, r, out.String())
			}
		}
		if !strings.Contains(out.String(), `a\x1b[31m.py:1:`) || !strings.Contains(out.String(), "`\\x1b[2J` found") {
			t.Errorf("%s: path or message not escaped:\n%s", format, out.String())
		}
		if format != "text" {
			continue
		}
		lines := strings.Split(out.String(), "\n")
		code, carets := lines[2], lines[3]
		want := `t = "\x1b]0;pwned\x07\x1b[2J\x00\x9b\u202e"; x = bad`
		if !strings.HasSuffix(code, want) {
			t.Errorf("source line shown as %q, want it to end in %q", code, want)
		}
		i, j := strings.Index(code, "bad"), strings.Index(carets, "^^^")
		if i < 0 || j < 0 || len([]rune(code[:i])) != len([]rune(carets[:j])) || strings.Count(carets, "^") != 3 {
			t.Errorf("carets not under the range:\n%s\n%s", code, carets)
		}
	}
}

func TestVisible(t *testing.T) {
	for in, want := range map[string]string{
		"plain ascii":     "plain ascii",
		"tab\tkept":       "tab\tkept",
		"é and 日本":        "é and 日本",
		"nul\x00":         `nul\x00`,
		"del\x7f":         `del\x7f`,
		"c1\u0085":        `c1\u0085`,
		"bad utf8 \xff":   `bad utf8 \xff`,
		"bidi\u2066x":     `bidi\u2066x`,
		"bell\a, esc\x1b": `bell\x07, esc\x1b`,
	} {
		if got := visible(in); got != want {
			t.Errorf("visible(%q) = %q, want %q", in, got, want)
		}
	}
}
