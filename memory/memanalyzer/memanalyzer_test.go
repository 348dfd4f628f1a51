package memanalyzer_test

import (
	"context"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/rules/allocexceeds"
	"github.com/arraylint/arraylint/rules/peakmemory"
	"golang.org/x/tools/go/analysis"
)

// AL101 and AL102 require one memory estimate per file; a result the caller already has (the
// server's, per document version) is used as it is, not computed again.
func TestKnownResultsAreNotRecomputed(t *testing.T) {
	src := []byte("# arraylint: target l4\nimport numpy as np\nx = np.ones((40_000, 100_000))\n")
	f, err := pyparse.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	rules := []*analyzer.Rule{peakmemory.Rule, allocexceeds.Rule}
	for _, known := range []bool{false, true} {
		rn, err := driver.NewRunner(rules)
		if err != nil {
			t.Fatal(err)
		}
		rn.EnableTimings()
		var seeds map[*analysis.Analyzer]any
		if known {
			seeds = map[*analysis.Analyzer]any{memanalyzer.Analyzer: memanalyzer.New(f, "x.py", driver.Default(""))}
		}
		findings, err := rn.CheckParsedWith(context.Background(), "x.py", f, driver.Default(""), seeds)
		if err != nil {
			t.Fatal(err)
		}
		if len(findings) != 2 {
			t.Errorf("known=%v: %d findings, want AL101 and AL102", known, len(findings))
		}
		want := 1
		if known {
			want = 0
		}
		if got := rn.Runs()["memory"]; got != want {
			t.Errorf("known=%v: the memory analyzer ran %d times, want %d", known, got, want)
		}
	}
}
