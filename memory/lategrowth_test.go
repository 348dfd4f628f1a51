package memory

import (
	"strings"
	"testing"
)

// TestLateGrowth checks a long range loop whose first iterations keep nothing and whose later
// ones do (TC873/Bifurcation's logmap.py: `if i >= iterations - last: ax.plot(r, x)`, the last
// 100 of 1,000 iterations each keeping a plot of 100,000 points, 325 MB under tracemalloc,
// estimated at 7 MB with nothing listed): the first iteration that keeps memory is found, and
// every iteration from it on is counted. Iterations that keep memory at intervals
// (`i % 3 == 0`) are not one run to the end: the loop is listed and the peak is a lower bound.
func TestLateGrowth(t *testing.T) {
	r := estimate(t, `import numpy as np
import matplotlib.pyplot as plt
n = 100000
r = np.linspace(2.5, 4.0, n)
x = 1e-5 * np.ones(n)
fig, ax = plt.subplots()
for i in range(1000):
    x = r * x * (1 - x)
    if i >= 900:
        ax.plot(r, x, ",c")
`, Options{})[0]
	// r and x 800,000 each; 100 plots of 3,200,000 B kept and the figure's 450,000 (the 99 the
	// run does not run are added at the loop's end, so the 1.8 MB the last call holds while it
	// runs is not on top of them: 0.6 % under the program's 323,850,000 B)
	want := int64(800_000 + 800_000 + 100*3_200_000 + 450_000)
	if r.PeakBytes != want || len(r.Unknown) != 0 {
		t.Errorf("peak %d (unknown %+v), want %d", r.PeakBytes, r.Unknown, want)
	}
	r = estimate(t, `import numpy as np
keep = []
for i in range(1000):
    if i > 500 and i % 3 == 0:
        keep.append(np.ones(100000))
`, Options{})[0]
	if len(r.Unknown) != 1 || !strings.Contains(r.Unknown[0].Reason, "last iteration but nothing in its first") || !r.PeakIsLowerBound {
		t.Errorf("unknown %+v (lower bound %v), want the loop listed", r.Unknown, r.PeakIsLowerBound)
	}
}

// TestUntakenBranch checks that a branch of a long loop that the iterations the run follows do
// not take is listed when it makes arrays or plots (elleryqueenhomels/deep_learning's
// ci_comparison.py: `if i in plot_indices:` over two million iterations, nine plots the run
// never saw, 3 MB of 19 MB estimated silently), and that a branch that only prints is not.
func TestUntakenBranch(t *testing.T) {
	r := estimate(t, `import numpy as np
import matplotlib.pyplot as plt
data = np.empty(100000)
marks = [10, 500, 5000]
for i in range(100000):
    data[i] = i
    if i in marks:
        plt.plot(np.linspace(0, 1, 1000))
    if i % 1000 == 999:
        print(i)
`, Options{})[0]
	if len(r.Unknown) != 1 || r.Unknown[0].Line != 7 || !strings.Contains(r.Unknown[0].Reason, "do not take") || !r.PeakIsLowerBound {
		t.Errorf("unknown %+v (lower bound %v), want the branch of line 7 alone", r.Unknown, r.PeakIsLowerBound)
	}
}
