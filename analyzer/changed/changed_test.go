package changed

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
)

const patch = `diff --git a/pkg/a.py b/pkg/a.py
index 1111111..2222222 100644
--- a/pkg/a.py
+++ b/pkg/a.py
@@ -1,4 +1,5 @@
 import numpy as np
-x = 1
+x = 2
+y = 3
 z = 4
 w = 5
@@ -10,0 +12,1 @@ def f():
+    return 1
diff --git a/new.py b/new.py
new file mode 100644
--- /dev/null
+++ b/new.py
@@ -0,0 +1,2 @@
+a = 1
+b = 2
diff --git a/gone.py b/gone.py
deleted file mode 100644
--- a/gone.py
+++ /dev/null
@@ -1,2 +0,0 @@
-a = 1
-b = 2
\ No newline at end of file
`

func finding(base, path string, line, endLine int, code string) analyzer.Finding {
	return analyzer.Finding{Path: filepath.Join(base, path), Line: line, EndLine: endLine, Code: code}
}

func TestParsePatch(t *testing.T) {
	base := t.TempDir()
	c, err := ParsePatch(strings.NewReader(patch), base)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		f    analyzer.Finding
		keep bool
	}{
		{finding(base, "pkg/a.py", 1, 1, "AL304"), false}, // context
		{finding(base, "pkg/a.py", 2, 2, "AL304"), true},  // modified
		{finding(base, "pkg/a.py", 3, 3, "AL304"), true},  // added
		{finding(base, "pkg/a.py", 4, 4, "AL304"), false},
		{finding(base, "pkg/a.py", 11, 12, "AL304"), true}, // the range reaches an added line
		{finding(base, "pkg/a.py", 13, 13, "AL304"), false},
		{finding(base, "pkg/a.py", 40, 40, "AL901"), true}, // syntax errors are never hidden
		{finding(base, "pkg/a.py", 40, 40, "AL900"), true},
		{finding(base, "new.py", 99, 99, "AL304"), true}, // added whole
		{finding(base, "other.py", 1, 1, "AL304"), false},
		{finding(base, "gone.py", 1, 1, "AL304"), false},
	} {
		if got := c.Keep(tc.f); got != tc.keep {
			t.Errorf("Keep(%s:%d-%d %s) = %v, want %v", tc.f.Path, tc.f.Line, tc.f.EndLine, tc.f.Code, got, tc.keep)
		}
	}
	if n := len(c.Filter([]analyzer.Finding{finding(base, "pkg/a.py", 1, 1, "AL304"), finding(base, "new.py", 1, 1, "AL304")})); n != 1 {
		t.Errorf("Filter kept %d, want 1", n)
	}
}

func TestParsePatchMalformed(t *testing.T) {
	for _, bad := range []string{
		"--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n x\n",            // truncated
		"--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n+a\n+b\n",            // too many added
		"--- a/x.py\n+++ b/x.py\n@@ -1,x +1 @@\n",                  // bad count
		"--- a/x.py\n+++ b/x.py\n@@ garbage @@\n",                  // bad header
		"--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n x\n?odd line\n", // junk inside a hunk
	} {
		if _, err := ParsePatch(strings.NewReader(bad), "/"); err == nil || !strings.HasPrefix(err.Error(), "parse patch line") {
			t.Errorf("ParsePatch(%q) error = %v, want a parse error", bad, err)
		}
	}
}

// TestParsePatchNotADiff: input that is not a unified diff at all is an error, not an empty set
// of changes that would hide every finding.
func TestParsePatchNotADiff(t *testing.T) {
	for _, bad := range []string{
		"# arraylint\n\nA linter for array programs.\n\n---\n\nMore text.\n", // a README
		"\x7fELF\x02\x01\x01\x00\x00\x00",                                    // binary
		"@@ -1 +1 @@\n-a\n+b\n",                                              // a hunk without a file
		"+++ b/x.py\n",                                                       // no "---" before it
	} {
		_, err := ParsePatch(strings.NewReader(bad), "/")
		if err == nil || !strings.Contains(err.Error(), "not a unified diff") {
			t.Errorf("ParsePatch(%q) error = %v, want \"not a unified diff\"", bad, err)
		}
	}
	for _, good := range []string{
		"",
		"\n\n",
		"diff --git a/x.py b/x.py\nold mode 100644\nnew mode 100755\n", // a mode change only
		"From 123 Mon Sep 17 00:00:00 2001\nSubject: msg\n\n---\n x.py | 2 +-\n\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n",
	} {
		if _, err := ParsePatch(strings.NewReader(good), "/"); err != nil {
			t.Errorf("ParsePatch(%q): %v", good, err)
		}
	}
}

func TestFromRevAndMergeBase(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" {
			t.Fatal("git is required (ARRAYLINT_REQUIRE_TOOLS=1)")
		}
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q", "-b", "main")
	write("a.py", "x = 1\ny = 2\nz = 3\n")
	write(".gitignore", "ignored.py\n")
	run("add", ".")
	run("commit", "-q", "-m", "base")
	run("checkout", "-q", "-b", "feature")
	write("a.py", "x = 1\ny = 20\nz = 3\n")
	run("commit", "-q", "-am", "change y")
	write("b.py", "new = 1\n")       // untracked: counts as new
	write("ignored.py", "old = 1\n") // ignored: does not

	for name, get := range map[string]func() (*Changes, error){
		"rev":        func() (*Changes, error) { return FromRev(dir, "main") },
		"merge-base": func() (*Changes, error) { return FromMergeBase(dir, "main") },
	} {
		c, err := get()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		real, _ := filepath.EvalSymlinks(dir)
		for _, tc := range []struct {
			f    analyzer.Finding
			keep bool
		}{
			{finding(real, "a.py", 1, 1, "AL304"), false},
			{finding(real, "a.py", 2, 2, "AL304"), true},
			{finding(real, "b.py", 1, 1, "AL304"), true},
			{finding(real, "ignored.py", 1, 1, "AL304"), false},
		} {
			if got := c.Keep(tc.f); got != tc.keep {
				t.Errorf("%s: Keep(%s:%d) = %v, want %v", name, filepath.Base(tc.f.Path), tc.f.Line, got, tc.keep)
			}
		}
	}
	if _, err := FromRev(dir, "no-such-rev"); err == nil {
		t.Error("unknown revision accepted")
	}
}

// TestKeepNotebook: a finding in a notebook cell is kept when the diff changed the file line
// that holds its line of the cell (the JSON string of that source line), not the line with the
// cell-relative number.
func TestKeepNotebook(t *testing.T) {
	base := t.TempDir()
	data, err := os.ReadFile("../../testdata/notebooks/heat.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(base, "heat.ipynb"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	// File line 57 is line 4 of cell 4, the stencil; line 4 of the file is nothing of it.
	if l := strings.Split(string(data), "\n")[56]; !strings.Contains(l, "    lap = lap * 0.5 + u[:-2, 1:-1]") {
		t.Fatalf("line 57 of heat.ipynb is %q", l)
	}
	for _, tc := range []struct {
		changed int
		keep    bool
	}{{57, true}, {4, false}, {56, false}} {
		p := fmt.Sprintf("--- a/heat.ipynb\n+++ b/heat.ipynb\n@@ -%d,1 +%d,1 @@\n-old\n+new\n", tc.changed, tc.changed)
		c, err := ParsePatch(strings.NewReader(p), base)
		if err != nil {
			t.Fatal(err)
		}
		f := finding(base, "heat.ipynb", 4, 4, "AL304")
		f.Cell = 4
		if got := c.Keep(f); got != tc.keep {
			t.Errorf("file line %d changed: Keep(cell 4 line 4) = %v, want %v", tc.changed, got, tc.keep)
		}
	}
}
