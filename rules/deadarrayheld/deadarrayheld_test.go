package deadarrayheld_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/deadarrayheld"
)

func TestDeadArrayHeld(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), deadarrayheld.Rule, "basic", "negative", "aliased")
}

// TestGuideOOMFitsAfterDel is the OOM guide's program under `--backend legate --sysmem 40`:
// AL104 reports `a` at its last read, and with the suggested `del a` applied the estimate fits
// the pool.
func TestGuideOOMFitsAfterDel(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "memory", "testdata", "seed", "oom.py"))
	if err != nil {
		t.Fatal(err)
	}
	src = append([]byte("# arraylint: target --backend legate --sysmem 40\n"), src...)
	cfg, err := driver.ParseConfig("arraylint.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	fits := func(src []byte) bool {
		f, err := pyparse.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		reports, err := memanalyzer.New(f, "oom.py", cfg).Reports()
		if err != nil || len(reports) == 0 || reports[0].Fits == nil {
			t.Fatalf("no estimate with a target: %v", err)
		}
		return *reports[0].Fits
	}
	if fits(src) {
		t.Fatal("the guide's program fits before the fix; the seed estimate changed")
	}
	fs, err := driver.CheckSource(context.Background(), "oom.py", src, cfg, []*analyzer.Rule{deadarrayheld.Rule})
	if err != nil {
		t.Fatal(err)
	}
	var fix *analyzer.Fix
	for _, f := range fs {
		if strings.Contains(f.Message, "holding `a` (8.0 MiB)") && f.Line == 11 {
			fix = f.Fix
		}
	}
	if fix == nil {
		t.Fatalf("no AL104 finding for `a` at line 11 with a fix; findings: %v", fs)
	}
	fixed, err := driver.ApplyEdits(src, fix.Edits)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(fixed), "b[1:-1] = a\ndel a\n") {
		t.Errorf("fix did not insert `del a` after the sliced write:\n%s", fixed)
	}
	if !fits(fixed) {
		t.Errorf("the estimate still does not fit after `del a`:\n%s", fixed)
	}
}
