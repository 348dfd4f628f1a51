package slicethenfull_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/rules/slicethenfull"
)

func TestSliceThenFull(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), slicethenfull.Rule, "basic", "negative", "aliased", "negativesmall")
}

// TestGuideOOM is the OOM guide's program: AL103 at the sliced write, and its unsafe fix
// inserts stencil_hint with the offsets (1,) and (1,) read from `b[1:-1]`.
func TestGuideOOM(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "memory", "testdata", "seed", "oom.py"))
	if err != nil {
		t.Fatal(err)
	}
	src = append([]byte("# arraylint: target --backend legate --sysmem 40\n"), src...)
	cfg, err := driver.ParseConfig("arraylint.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := driver.CheckSource(context.Background(), "oom.py", src, cfg, []*analyzer.Rule{slicethenfull.Rule})
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].Line != 11 || fs[0].Fix == nil || fs[0].Fix.Applicability != analyzer.Unsafe {
		t.Fatalf("want one AL103 finding at line 11 with an unsafe fix, got %+v", fs)
	}
	fixed, err := driver.ApplyEdits(src, fs[0].Fix.Edits)
	if err != nil {
		t.Fatal(err)
	}
	if want := "b.stencil_hint(low_offsets=(1,), high_offsets=(1,))\nb[1:-1] = a\n"; !strings.Contains(string(fixed), want) {
		t.Errorf("fixed program lacks %q:\n%s", want, fixed)
	}
	again, err := driver.CheckSource(context.Background(), "oom.py", fixed, cfg, []*analyzer.Rule{slicethenfull.Rule})
	if err != nil || len(again) != 0 {
		t.Errorf("after the fix: %v findings %+v", err, again)
	}
}

// TestCheckTestsOption checks that test code is quiet unless check-tests is set.
func TestCheckTestsOption(t *testing.T) {
	src := []byte("import cupynumeric as np\n\na = np.ones((1024 * 1024 - 2,))\nb = np.zeros((1024 * 1024,))\nb[1:-1] = a\nc = b + 2\n")
	for _, c := range []struct {
		path, toml string
		want       int
	}{
		{"pkg/stencil.py", "", 1},
		{"pkg/tests/test_stencil.py", "", 0},
		{"pkg/tests/test_stencil.py", "[rules.AL103]\ncheck-tests = true\n", 1},
	} {
		if n := len(analysistest.FindingLines(t, slicethenfull.Rule, c.path, src, c.toml)); n != c.want {
			t.Errorf("%s, config %q: %d findings, want %d", c.path, c.toml, n, c.want)
		}
	}
}
