package memory

import (
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
)

// maxStepsSource allocates 1 MB, then 2 MB in each of 50 trips of a 4-statement loop (about 200
// statements); the peak, 5 MB, comes on the second trip, the old b being freed only once the new
// one is bound.
const maxStepsSource = `import numpy as np
a = np.ones(125000)
for i in range(50):
    b = np.ones(250000)
    c = i + 1
    d = c * 2
    e = d - 1
`

// A scope that runs out of max-steps stops there and says so: the budget is listed among the
// sizes not known, with the setting's name, and the peak is a lower bound. With a budget it
// does not reach, the estimate is exact.
func TestMaxStepsCutIsStated(t *testing.T) {
	full, err := EstimateSource("p.py", []byte(maxStepsSource), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if full[0].PeakIsLowerBound || full[0].PeakBytes != 5_000_000 {
		t.Fatalf("default budget: peak %d B (lower bound %t), want exactly 5000000", full[0].PeakBytes, full[0].PeakIsLowerBound)
	}
	cut, err := EstimateSource("p.py", []byte(maxStepsSource), Options{MaxSteps: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := cut[0]
	if !r.PeakIsLowerBound {
		t.Fatalf("max-steps 2: peak %d B not marked a lower bound", r.PeakBytes)
	}
	if r.PeakBytes != 1_000_000 {
		t.Errorf("max-steps 2: peak %d B, want the 1000000 B reached before the cut", r.PeakBytes)
	}
	stated := false
	for _, u := range r.Unknown {
		if strings.Contains(u.Reason, "simulation budget of 2 statements (max-steps) exhausted") {
			stated = true
		}
	}
	if !stated {
		t.Errorf("max-steps 2: the cut is not among the unknowns: %+v", r.Unknown)
	}
	// AL101's message carries the note; a scope that ran to its end has none.
	if note := r.BudgetNote(); !strings.Contains(note, "lower bound") || !strings.Contains(note, "max-steps") {
		t.Errorf("max-steps 2: BudgetNote %q, want one naming max-steps and the lower bound", note)
	}
	if note := full[0].BudgetNote(); note != "" {
		t.Errorf("default budget: BudgetNote %q, want none", note)
	}
	if !strings.HasPrefix(r.PeakText(), "≥ ") {
		t.Errorf("max-steps 2: peak shown as %q, want a lower bound", r.PeakText())
	}
}

// max-steps comes from [tool.arraylint.memory] and the flags, flags first; a value that is
// not a positive integer is an error that names the setting.
func TestMaxStepsSetting(t *testing.T) {
	f, err := pyparse.Parse([]byte("import numpy as np\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		config, flag int64
		want         int
	}{{0, 0, 0}, {500, 0, 500}, {500, 70, 70}, {0, 70, 70}} {
		var config, flags Settings
		if c.config != 0 {
			if config, err = SectionSettings(map[string]any{"max-steps": c.config}); err != nil {
				t.Fatal(err)
			}
		}
		flags.MaxSteps = c.flag
		opts, err := Resolve(f, "p.py", flags, config)
		if err != nil {
			t.Fatal(err)
		}
		if opts.MaxSteps != c.want {
			t.Errorf("config %d, flag %d: max-steps %d, want %d", c.config, c.flag, opts.MaxSteps, c.want)
		}
	}
	o, _ := LookupTargetOption("max-steps", InConfig)
	for _, bad := range []any{int64(0), int64(-3)} {
		if err := o.Check(bad); err == nil || !strings.Contains(err.Error(), "max-steps") {
			t.Errorf("max-steps %v: error %v, want one naming max-steps", bad, err)
		}
	}
	if _, err := o.ParseString("many"); err == nil {
		t.Error(`max-steps "many": no error`)
	}
}
