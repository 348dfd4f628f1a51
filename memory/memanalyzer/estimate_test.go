package memanalyzer_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse"
)

// Estimate runs the estimate only under a target; Label names the target, or the pool of a
// Legate report.
func TestEstimateAndLabel(t *testing.T) {
	for _, c := range []struct {
		src, label string
		reports    bool
	}{
		{"import numpy as np\nx = np.ones((1000, 1000))\n", "", false},
		{"# arraylint: target l4\nimport numpy as np\nx = np.ones((1000, 1000))\n", "l4", true},
	} {
		f, err := pyparse.Parse([]byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		res := memanalyzer.New(f, "x.py", driver.Default(""))
		reports, target, err := res.Estimate()
		if err != nil {
			t.Fatal(err)
		}
		if (len(reports) > 0) != c.reports || (target != nil) != c.reports {
			t.Errorf("%q: %d reports, target %v; want reports and a target: %v", c.src, len(reports), target, c.reports)
		}
		var rep *memory.Report
		if len(reports) > 0 {
			rep = reports[0]
		}
		if got := res.Label(rep); got != c.label {
			t.Errorf("%q: Label = %q, want %q", c.src, got, c.label)
		}
	}
	legate := &memory.Report{Backend: memory.BackendLegate, Target: "Legate's GPU framebuffer pool"}
	f, _ := pyparse.Parse([]byte("# arraylint: target l4\n"))
	if got := memanalyzer.New(f, "x.py", driver.Default("")).Label(legate); got != legate.Target {
		t.Errorf("Label of a Legate report = %q, want its pool %q", got, legate.Target)
	}
}
