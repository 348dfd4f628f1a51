package memory

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
)

// peakSources are modules whose peak is reached on the simulation, in a fork (the else of an
// undecided `if` runs on a fork) and after many new peaks (over eagerWork: listed on a replay).
var peakSources = map[string]string{
	"straight": "import numpy as np\na = np.ones(1000)\nb = a * 2\ndel a\nc = np.zeros((50, 50))\n",
	"fork": `import numpy as np
import sys
a = np.ones(1000)
if len(sys.argv) > 1:
    small = np.zeros(10)
else:
    big = np.zeros(100000)
    b = big + a
c = np.ones(2000)
`,
	"many": "import numpy as np\nkeep = []\n" + strings.Repeat("keep.append(np.ones(100))\n", 400),
}

// simulateModule runs the module body of src through simulate and returns the simulation and how
// many times simulate ran it.
func simulateModule(t *testing.T, src string) (*sim, int) {
	t.Helper()
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	imp := imports.Build(f.Module)
	opts := &Options{Path: "t.py", Legate: DefaultLegateModel}
	runs := 0
	s := simulate(func(pc *peakCapture) *sim {
		runs++
		s := newSim(f, imp, BackendNumPy, opts, &fileIndex{}, &absint.Shared{})
		s.h.pc = pc
		s.in.RunModule()
		return s
	})
	return s, runs
}

// TestPeakListedWithoutReplay: a scope with a few new peaks is simulated once, and the buffers
// it lists at the peak are those a replay to the peak's event lists.
func TestPeakListedWithoutReplay(t *testing.T) {
	for name, want := range map[string]int{"straight": 1, "fork": 1, "many": 2} {
		t.Run(name, func(t *testing.T) {
			s, runs := simulateModule(t, peakSources[name])
			if runs != want {
				t.Errorf("simulated %d times, want %d", runs, want)
			}
			if len(s.peakLive) == 0 {
				t.Fatal("no buffer live at the peak")
			}
			if name == "fork" && !slices.ContainsFunc(s.peakLive, func(l Live) bool { return l.Name == "big" }) {
				t.Errorf("live at the peak %v: not the fork's peak, with big", s.peakLive)
			}
			f, _ := pyparse.Parse([]byte(peakSources[name]))
			replay := newSim(f, imports.Build(f.Module), BackendNumPy, &Options{Path: "t.py", Legate: DefaultLegateModel},
				&fileIndex{}, &absint.Shared{})
			replay.h.pc = &peakCapture{at: s.h.peakEvent}
			replay.in.RunModule()
			if !reflect.DeepEqual(s.peakLive, replay.h.pc.live) {
				t.Errorf("live at the peak %s, replay lists %s", fmt.Sprint(s.peakLive), fmt.Sprint(replay.h.pc.live))
			}
		})
	}
}
