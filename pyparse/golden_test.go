package pyparse_test

// This file defines TestGolden: the parse of every testdata/{valid,invalid}/*.py file, as an
// indented astjson dump plus caret-rendered errors, compared with its .golden file.

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/astjson"
)

// Offset is pyparse.Offset, for brevity.
type Offset = pyparse.Offset

var update = flag.Bool("update", false, "TestGolden: rewrite the .golden files from the current parser")

// knownGaps lists inputs whose parse is known to be wrong, with the reason. Their golden records
// today's output; the test logs the gap and fails once the parser is fixed, so the entry gets
// removed and the golden regenerated.
var knownGaps = map[string]string{}

var kindNames = map[pyparse.ErrorKind]string{
	pyparse.ErrKindSyntax:      "syntax",
	pyparse.ErrKindIndentation: "indentation",
	pyparse.ErrKindToken:       "token",
	pyparse.ErrKindEncoding:    "encoding",
	pyparse.ErrKindTooDeep:     "too-deep",
}

func TestGolden(t *testing.T) {
	for _, dir := range []string{"valid", "invalid"} {
		files, err := filepath.Glob(filepath.Join("testdata", dir, "*.py"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no inputs in testdata/%s", dir)
		}
		for _, p := range files {
			t.Run(dir+"/"+filepath.Base(p), func(t *testing.T) {
				src, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				f, err := pyparse.Parse(src)
				if err != nil {
					t.Fatalf("Parse: %v", err)
				}
				if err := pyparse.CheckInvariants(f); err != nil {
					t.Errorf("invariants: %v", err)
				}
				if dir == "valid" && len(f.Errors) > 0 {
					t.Errorf("valid input has syntax errors:\n%s", renderErrors(f))
				}
				gap, isGap := knownGaps[dir+"/"+filepath.Base(p)]
				switch {
				case dir == "invalid" && len(f.Errors) == 0 && isGap:
					t.Logf("known gap: %s", gap)
				case dir == "invalid" && len(f.Errors) == 0:
					t.Errorf("invalid input parsed without errors")
				case isGap:
					t.Errorf("known gap fixed (%s): remove it from knownGaps and rerun with -update", gap)
				}
				got := renderGolden(f)
				golden := strings.TrimSuffix(p, ".py") + ".golden"
				if *update {
					if err := os.WriteFile(golden, got, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test ./pyparse -run TestGolden -update)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from the parse (rewrite with -update after checking):\n%s", golden, firstLineDiff(want, got))
				}
			})
		}
	}
}

// renderGolden is the golden text of a parse: its errors, then the indented AST dump.
func renderGolden(f *pyparse.File) []byte {
	var b bytes.Buffer
	b.WriteString("errors:\n")
	if len(f.Errors) == 0 {
		b.WriteString("  none\n")
	}
	b.WriteString(renderErrors(f))
	b.WriteString("ast:\n")
	doc, err := astjson.Options{FStringPositions: true}.AppendNode(nil, f.Module, f.Lines)
	if err == nil {
		doc, err = astjson.AppendIndent(nil, doc, "  ", 160)
	}
	if err != nil {
		return []byte(err.Error())
	}
	b.Write(doc)
	b.WriteByte('\n')
	return b.Bytes()
}

// renderErrors renders each error as `line:col: msg (kind)` (1-based byte column), then its
// source line and a caret underline of its range on that line.
func renderErrors(f *pyparse.File) string {
	var b strings.Builder
	for _, e := range f.Errors {
		line, col := f.Lines.LineCol(e.Start)
		fmt.Fprintf(&b, "%d:%d: %s (%s)\n", line, col+1, e.Msg, kindNames[e.Kind])
		start, end := f.Lines.LineStart(line), f.Lines.LineEnd(line)
		stop := min(e.End, end)
		// Show at most 60 bytes either side of the error (whole lines of 1,000 brackets help nobody).
		if e.Start-start > 60 {
			start = e.Start - 60
			for start < e.Start && !utf8.RuneStart(f.Src[start]) {
				start++
			}
		}
		if end-max(stop, e.Start) > 60 {
			end = max(stop, e.Start) + 60
			for end > start && end < Offset(len(f.Src)) && !utf8.RuneStart(f.Src[end]) {
				end--
			}
		}
		stop = min(stop, end)
		b.WriteString("  | " + printable(f.Src[start:end]) + "\n")
		// Underline with the same tabs as the source so the carets line up.
		var pad strings.Builder
		for _, r := range string(f.Src[start:e.Start]) {
			if r == '\t' {
				pad.WriteByte('\t')
			} else {
				pad.WriteByte(' ')
			}
		}
		n := max(utf8.RuneCount(f.Src[e.Start:max(stop, e.Start)]), 1)
		b.WriteString("  | " + pad.String() + strings.Repeat("^", n) + "\n")
	}
	return b.String()
}

// printable returns line with each invalid UTF-8 byte shown as '?', keeping one column per
// character so that the carets below still line up.
func printable(line []byte) string {
	var b strings.Builder
	for len(line) > 0 {
		r, size := utf8.DecodeRune(line)
		if r == utf8.RuneError && size == 1 {
			b.WriteByte('?')
		} else {
			b.Write(line[:size])
		}
		line = line[size:]
	}
	return b.String()
}

// firstLineDiff describes the first differing line of two texts.
func firstLineDiff(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, w, g)
		}
	}
	return "(no line differs)"
}
