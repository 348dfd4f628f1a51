package driver

import (
	"github.com/arraylint/arraylint/analyzer"

	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func mustRunner(t *testing.T, rules ...*analyzer.Rule) *Runner {
	t.Helper()
	rn, err := NewRunner(rules)
	if err != nil {
		t.Fatal(err)
	}
	return rn
}

// summary renders findings as "line:col-endline:endcol CODE message" for compact comparisons.
func summary(fs []analyzer.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%d:%d-%d:%d %s %s", f.Line, f.Col, f.EndLine, f.EndCol, f.Code, f.Message))
	}
	return out
}

func checkFake(t *testing.T, src string, cfg *Config) []analyzer.Finding {
	t.Helper()
	return checkWith(t, []*analyzer.Rule{InternalError, SyntaxError, UnusedNoqa, InvalidSuppression, badWord, boom}, src, cfg)
}

func checkWith(t *testing.T, rules []*analyzer.Rule, src string, cfg *Config) []analyzer.Finding {
	t.Helper()
	fs, err := mustRunner(t, rules...).CheckParsed(context.Background(), "t.py", fakeFile(src), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

func TestFindingPositions(t *testing.T) {
	fs := checkFake(t, "x = 1\ny = bad\n", nil)
	got := summary(fs)
	want := []string{"2:5-2:8 AL801 `bad` is bad"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	f := fs[0]
	if f.Range.Start != 10 || f.Range.End != 13 || f.Name != "test-bad-word" || f.URL != "docs/rules/AL801.md" || f.Severity != analyzer.Warning {
		t.Errorf("finding fields wrong: %+v", f)
	}
	if f.Fix == nil || f.Fix.Message != "Replace with `good`" || f.Fix.Applicability != analyzer.Safe || len(f.Fix.Edits) != 1 || f.Fix.Edits[0].NewText != "good" {
		t.Errorf("fix wrong: %+v", f.Fix)
	}
}

func TestSuppression(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"blanket", "x = bad  # noqa\n", nil},
		{"code", "x = bad  # noqa: AL801\n", nil},
		{"name", "x = bad  # NOQA:test-bad-word\n", nil},
		{"explained", "x = bad  # noqa: AL801 the word is fine here\n", nil},
		{"ignore", "x = bad  # arraylint: ignore[test-bad-word]\n", nil},
		{"other line", "# noqa\nx = bad\n", []string{"2:5-2:8 AL801 `bad` is bad"}}, // a bare noqa is never reported
		{"other line coded", "# noqa: AL801\nx = bad\n", []string{"1:1-1:14 AL902 unused `noqa` directive (unused: `AL801`)", "2:5-2:8 AL801 `bad` is bad"}},
		{"unknown name in ignore", "x = bad  # arraylint: ignore[AL801, bad-wrod]\n", []string{"1:10-1:46 AL902 unused `arraylint: ignore` directive (unknown: `bad-wrod`)"}},
		{"other tool's name", "x = 1  # noqa: trailing-whitespace\n", nil},
		{"wrong code", "x = bad  # noqa: AL802\n", []string{"1:5-1:8 AL801 `bad` is bad", "1:10-1:23 AL902 unused `noqa` directive (unused: `AL802`)"}},
		{"disabled code", "x = 1  # noqa: AL803\n", nil},
		{"other tool's code", "x = bad  # noqa: E501\n", []string{"1:5-1:8 AL801 `bad` is bad"}},
		{"mixed codes", "x = bad  # noqa: E501, AL801\n", nil},
		{"unknown code", "x = bad  # noqa: AL801, AL999\n", []string{"1:10-1:30 AL902 unused `noqa` directive (unknown: `AL999`)"}},
		{"file ignore", "# arraylint: file-ignore AL801 -- words are data here\nx = bad\ny = bad\n", nil},
		{"file ignore unused", "# arraylint: file-ignore AL802 -- reason\nx = 1\n", []string{"1:1-1:41 AL902 unused `file-ignore` directive (unused: `AL802`)"}},
		{"file ignore no reason", "# arraylint: file-ignore AL801\nx = bad\n", []string{"1:1-1:31 AL903 `arraylint: file-ignore` needs a reason after ` -- `", "2:5-2:8 AL801 `bad` is bad"}},
		{"ignore no codes", "x = bad  # arraylint: ignore\n", []string{"1:5-1:8 AL801 `bad` is bad", "1:10-1:29 AL903 `arraylint: ignore` needs rule codes or names: `# arraylint: ignore[AL304]`"}},
		{"unknown directive", "# arraylint: disable\n", []string{"1:1-1:21 AL903 unknown directive `arraylint: disable`: want ignore[...], skip-file or file-ignore"}},
		{"skip file", "# arraylint: skip-file\nx = bad\n", nil},
		{"memory directives", "# arraylint: target --backend legate --sysmem 40\n# arraylint: assume n=10\n", nil},
		{"panic not suppressible", "boom = bad  # noqa\n", []string{"1:1-1:1 AL900 internal error: rule AL802 (test-boom) panicked on this file: boom"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := summary(checkFake(t, tc.src, nil))
			if !slices.Equal(got, tc.want) {
				t.Errorf("src %q:\n got %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}

func TestUnusedNoqaFixes(t *testing.T) {
	rn := mustRunner(t, UnusedNoqa, badWord, boom)
	for _, tc := range []struct{ src, want string }{
		{"x = 1  # noqa: AL801\n", "x = 1\n"},
		{"# noqa: AL801\nx = 1\n", "x = 1\n"},
		{"x = bad  # noqa: AL801, AL802\n", "x = bad  # noqa: AL801\n"},
		{"x = 1  # type: ignore  # noqa: AL802\n", "x = 1  # type: ignore\n"},
		{"x = 1  # noqa: E501, AL802\n", "x = 1  # noqa: E501\n"},
		{"x = 1  # noqa: AL801 reason\n", "x = 1  # reason\n"},
	} {
		fs, err := rn.CheckParsed(context.Background(), "t.py", fakeFile(tc.src), nil)
		if err != nil {
			t.Fatal(err)
		}
		var edits []analyzer.Edit
		for _, f := range fs {
			if f.Code == "AL902" && f.Fix != nil {
				edits = append(edits, f.Fix.Edits...)
			}
		}
		got, err := ApplyEdits([]byte(tc.src), edits)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("fixing %q gave %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestSelectionAndOptions(t *testing.T) {
	cfg, err := ParseConfig("arraylint.toml", []byte(`
select = ["AL8"]
ignore = ["test-boom"]
[rules.AL803]
max-len = 5
severity = "error"
`))
	if err != nil {
		t.Fatal(err)
	}
	fs := checkWith(t, testRules, "boom = bad\n", cfg)
	got := summary(fs)
	want := []string{"1:1-1:11 AL803 line is 10 bytes long", "1:8-1:11 AL801 `bad` is bad"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	if fs[0].Severity != analyzer.Error {
		t.Errorf("severity override not applied: %v", fs[0].Severity)
	}
	if fs[0].Fix == nil || fs[0].Fix.Applicability != analyzer.Unsafe || fs[0].Fix.Message != "Truncate the line" {
		t.Errorf("unsafe fix not recorded: %+v", fs[0].Fix)
	}
	// The command line replaces select and adds ignores.
	cli, err := cfg.WithOverrides([]string{"AL801", "AL802"}, []string{"AL801"})
	if err != nil {
		t.Fatal(err)
	}
	got = summary(checkWith(t, testRules, "boom = bad\n", cli))
	if len(got) != 1 || !strings.Contains(got[0], "AL900") {
		t.Errorf("with --select AL801,AL802 --ignore AL801 got %q, want only the AL802 crash", got)
	}
	if _, err := cfg.WithOverrides([]string{"AL9999"}, nil); err == nil {
		t.Error("bad --select accepted")
	}
}

// TestContainment is the self-test required by issue 3: a rule that panics on one file yields an
// internal-error finding for that file, the other rules still run on it, and the other files are
// still checked, with the real driver and real files.
func TestContainment(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"a.py": "x = bad\n", "b.py": "boom = bad\n", "c.py": "y = bad\n"}
	var paths []string
	for _, name := range []string{"a.py", "b.py", "c.py"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	paths = append(paths, filepath.Join(dir, "missing.py"))
	rn := mustRunner(t, testRules...)
	res := rn.CheckFiles(context.Background(), paths, &ConfigCache{}, 2)
	codes := func(r FileResult) []string {
		var out []string
		for _, f := range r.Findings {
			out = append(out, f.Code)
		}
		return out
	}
	if got := codes(res[0]); !slices.Equal(got, []string{"AL801"}) {
		t.Errorf("a.py: %v", got)
	}
	if got := codes(res[1]); !slices.Equal(got, []string{"AL900", "AL801"}) {
		t.Errorf("b.py: %v, want the crash and the other rule's finding", got)
	}
	if got := codes(res[2]); !slices.Equal(got, []string{"AL801"}) {
		t.Errorf("c.py after the crash: %v", got)
	}
	if res[3].Err == nil || !strings.Contains(res[3].Err.Error(), "missing.py") {
		t.Errorf("missing file: err %v", res[3].Err)
	}
}

func TestNotPythonSource(t *testing.T) {
	rn := mustRunner(t, testRules...)
	for _, src := range [][]byte{[]byte("x = 1\x00\n")} {
		fs, err := rn.Check(context.Background(), "t.py", src, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) != 1 || fs[0].Code != "AL901" || fs[0].Line != 1 || !strings.HasPrefix(fs[0].Message, "file is not Python source") {
			t.Errorf("got %q", summary(fs))
		}
	}
}

func TestFixSource(t *testing.T) {
	rn := mustRunner(t, badWord, longLine)
	src := []byte("x = bad\ny = bad + bad\n")
	res, err := rn.FixSource(context.Background(), "t.py", src, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Src) != "x = good\ny = good + good\n" || res.Applied != 3 || len(res.Remaining) != 0 {
		t.Errorf("safe fixes: %q applied %d remaining %q", res.Src, res.Applied, summary(res.Remaining))
	}
	cfg, err := ParseConfig("arraylint.toml", []byte("[rules.test-long-line]\nmax-len = 6\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err = rn.FixSource(context.Background(), "t.py", []byte("abcdefghij = 1\n"), cfg, false)
	if err != nil || res.Applied != 0 {
		t.Errorf("unsafe fix applied without --unsafe-fixes: %v %+v", err, res)
	}
	res, err = rn.FixSource(context.Background(), "t.py", []byte("abcdefghij = 1\n"), cfg, true)
	if err != nil || string(res.Src) != "abcdef\n" {
		t.Errorf("unsafe fix: %v %q", err, res.Src)
	}
}

// TestFixSourceRefusesBreakingFix: a fix that would break the syntax is refused and reported,
// and the other fixes of the same round still apply.
func TestFixSourceRefusesBreakingFix(t *testing.T) {
	rn := mustRunner(t, badWord, longLine)
	cfg, err := ParseConfig("arraylint.toml", []byte("[rules.test-long-line]\nmax-len = 8\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := rn.FixSource(context.Background(), "t.py", []byte("x = bad\nzz = (1, 2)\n"), cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Src) != "x = good\nzz = (1, 2)\n" || res.Applied != 1 {
		t.Errorf("got %q applied %d", res.Src, res.Applied)
	}
	if len(res.Refused) != 1 || res.Refused[0].Line != 2 || res.Refused[0].Name != "test-long-line" {
		t.Errorf("refused %q, want the truncation of line 2", summary(res.Refused))
	}
}

// TestFixSourceWithSyntaxErrors: a file that already has syntax errors is still fixed (with the
// syntax-error rule off too), as long as the fixes add none.
func TestFixSourceWithSyntaxErrors(t *testing.T) {
	rn := mustRunner(t, badWord)
	res, err := rn.FixSource(context.Background(), "t.py", []byte("x = bad\ndef f(:\n"), nil, false)
	if err != nil || !strings.HasPrefix(string(res.Src), "x = good\n") {
		t.Errorf("got %q, %v", res.Src, err)
	}
}

func TestApplyEditsRejectsOverlap(t *testing.T) {
	_, err := ApplyEdits([]byte("abcdef"), []analyzer.Edit{{Range: rng(0, 3), NewText: "x"}, {Range: rng(2, 4), NewText: "y"}})
	if err == nil || !strings.Contains(err.Error(), "overlaps") {
		t.Errorf("overlap not rejected: %v", err)
	}
	_, err = ApplyEdits([]byte("abc"), []analyzer.Edit{{Range: rng(2, 9)}})
	if err == nil {
		t.Error("edit past the end accepted")
	}
	got, err := ApplyEdits([]byte("abcdef"), []analyzer.Edit{{Range: rng(4, 5), NewText: "E"}, {Range: rng(0, 1), NewText: "A"}, {Range: rng(2, 2), NewText: "+"}})
	if err != nil || string(got) != "Ab+cdEf" {
		t.Errorf("got %q, %v", got, err)
	}
}

func TestTimings(t *testing.T) {
	rn := mustRunner(t, badWord, boom)
	rn.EnableTimings()
	if _, err := rn.Check(context.Background(), "t.py", []byte("x = bad\n"), nil); err != nil {
		t.Fatal(err)
	}
	times := rn.Timings()
	for _, k := range []string{"parse", "pyinspect", "suppressions", "AL801", "AL802"} {
		if _, ok := times[k]; !ok {
			t.Errorf("no timing for %s in %v", k, times)
		}
	}
}
