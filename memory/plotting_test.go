package memory

import (
	"strings"
	"testing"
)

// TestPlottingListed checks that a matplotlib call given arrays that is not counted (an image, a
// plot of several lines) is listed among the sizes not known, with its largest input as the
// bound, even as a statement whose result is dropped: the figure keeps its own copy of the data
// (a 15.7 M-point plt.plot held 1.4 GB in issue 25's real programs, silently). A call of another
// library given no array stays quiet.
func TestPlottingListed(t *testing.T) {
	r := estimate(t, `import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 1, 1000000)
y = np.sin(x)
plt.plot(x, y, x, y)
plt.title("sine")
plt.savefig("a.png")
`, Options{})[0]
	if len(r.Unknown) != 1 {
		t.Fatalf("unknown = %+v, want plt.plot alone", r.Unknown)
	}
	u := r.Unknown[0]
	if u.Line != 5 || !strings.Contains(u.Reason, "matplotlib") || u.BoundBytes == nil || *u.BoundBytes != 8_000_000 || u.Bound != "inputs" {
		t.Errorf("unknown = %+v (bound %v), want line 5, matplotlib, inputs bound 8,000,000", u, u.BoundBytes)
	}
	if !r.PeakIsLowerBound {
		t.Errorf("peak not marked a lower bound")
	}
}

// TestPlotCounted checks the plots matplotlib's memory is counted for: a line plot keeps 32 bytes
// a point with the figure and holds 18 more during the call, a scatter plot 18 and 36 (matplotlib
// 3.11 under NumPy 2, tracemalloc: plot(y) and plot(x, y) of 10^6 float64 points retain 32.3 MB
// and peak at 50.3 MB, two plots 64.3 MB and 82.3 MB, scatter 18.3 MB and 54.3 MB), and the
// first plot since the figures were closed makes a figure of about 450 KB; the copy stays until
// the figure is closed. Methods of a matplotlib object are followed by value (what
// plt.subplots(), plt.figure() and fig.add_subplot() returned, unpacked, indexed or passed to a
// function), not by name.
func TestPlotCounted(t *testing.T) {
	rs := byScope(estimate(t, `import numpy as np
import matplotlib.pyplot as plt
def draw(target, v):
    target.scatter(v, v)
x = np.linspace(0, 1, 1000000)
y = np.sin(x)
fig, ax = plt.subplots()
ax.plot(x, y, "r-")
fig2 = plt.figure()
panel = fig2.add_subplot(111)
draw(panel, y[:500000])
figs, axs = plt.subplots(2, 2)
axs[0, 1].contourf(y.reshape(1000, 1000))
ax.set_title("sine")
fig.savefig("a.png")
plt.close("all")
z = np.ones(1000000)
`, Options{}))
	r := rs["<module>"]
	// x, y: 16 MB; ax.plot: 32 MB kept with the figure's own 450,000 B, 18 MB during the call;
	// the scatter of 500,000 points: 9 MB kept, 18 MB during (peak 16 + 32.45 + 9 + 18 MB);
	// contourf listed
	if r.PeakBytes != 75_450_000 || r.PeakLine != 11 {
		t.Errorf("peak %d at line %d, want 75,450,000 at line 11 (the scatter)", r.PeakBytes, r.PeakLine)
	}
	if len(r.Unknown) != 1 || r.Unknown[0].Line != 13 || !strings.Contains(r.Unknown[0].Reason, "matplotlib") {
		t.Errorf("unknown %+v, want the contourf of line 13 alone", r.Unknown)
	}
	for _, b := range r.Buffers {
		if strings.Contains(b.Expr, "the figure's copy") && b.Free < 0 {
			t.Errorf("%s (line %d) is never freed: plt.close releases the figures' data", b.Expr, b.Line)
		}
	}
}

// TestPlotFromPylab checks that a plotting function imported by name from pylab is matplotlib's
// (Chris01s/ComputationalPhysics's Euler.py: `from pylab import plot`, estimated silently at a
// sixth of the traced peak), that a plot given a Python list of numbers of known length counts
// as a plot of as many points (matplotlib 3.11 keeps and holds the same whether it is given
// arrays or lists: a million points, 32.3 MB kept either way under tracemalloc), the list's
// floats counted too (32 B each with their slots), and that a plot given a list of values of
// unknown type is listed.
func TestPlotFromPylab(t *testing.T) {
	r := estimate(t, `from pylab import plot, show
from numpy import arange
time = arange(0, 10, 0.0001)
soln = []
for t in time:
    soln.append(t)
plot(time, soln)
show()
`, Options{})[0]
	// time 800,000; soln 100,000 × 32; the figure's copy 100,000 × 32 + 450,000; 18 B a point
	// during the call
	if len(r.Unknown) != 0 || r.PeakBytes != 800_000+3_200_000+3_200_000+450_000+1_800_000 {
		t.Errorf("peak %d, unknown %+v; want 9,450,000 and nothing listed", r.PeakBytes, r.Unknown)
	}
	r = estimate(t, `from pylab import plot, show
from numpy import arange
import mystery
time = arange(0, 10, 0.0001)
soln = []
for t in time:
    soln.append(mystery.step(t))
plot(time, soln)
`, Options{})[0]
	if len(r.Unknown) != 1 || r.Unknown[0].Line != 8 || !strings.Contains(r.Unknown[0].Reason, "matplotlib") {
		t.Errorf("unknown %+v, want plot of line 8 listed", r.Unknown)
	}
}

// TestStepPlot checks a step plot's cost: matplotlib 3.11 keeps 64 B a point (the steps'
// vertices as well as the points) and holds 52 more during the call, given arrays or lists
// (200,000 points: 64.06 B a point kept, 116.06 at the call's peak, under tracemalloc) — twice
// a line plot's (AdrianSalcedo/Python_Code's PoissonProcessNet: three step plots of lists of
// np.int64 sums).
func TestStepPlot(t *testing.T) {
	r := estimate(t, `import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 1, 100000)
s = [np.sum(x[0:3]) for i in range(100000)]
plt.step(x, s)
`, Options{})[0]
	// x 800,000; s 100,000 × 32; the step plot's 6,400,000 and the figure's 450,000 kept, 5,200,000 during
	if want := int64(800_000 + 3_200_000 + 6_400_000 + 450_000 + 5_200_000); r.PeakBytes != want || len(r.Unknown) != 0 {
		t.Errorf("peak %d (unknown %+v), want %d", r.PeakBytes, r.Unknown, want)
	}
}

// TestImshowAnd3DPlot checks two more of matplotlib's consumers counted: imshow(X) of an array
// of known size keeps a copy in X's dtype with the figure and holds 1 B an element more during
// the call (10^6 bools: 1.30 MB kept, 2.29 MB at the call's peak under tracemalloc), drawing it
// is listed, and a line
// plot of x, y and z on axes made with projection="3d" keeps 32 B a point and holds 42 more
// during the call (darleg/Turmoil's Lorenz3D.py, 61 MB under tracemalloc, was estimated at 15 MB
// with the plot listed). Three arrays given to a plot on other axes stay listed.
func TestImshowAnd3DPlot(t *testing.T) {
	r := estimate(t, `import numpy as np
import matplotlib.pyplot as plt
a = np.ones((1000, 1000), dtype=bool)
plt.imshow(a)
plt.show()
`, Options{})[0]
	// a, its copy with the figure's 450,000 B, 1 B an element during the call; drawing the image
	// (plt.show on a screen, pause, savefig) is listed (uihsnv/Percolation's clusters.py: 126 MB
	// at pause(1) for a 1600 × 1600 bool image)
	if want := int64(1_000_000 + 1_000_000 + 450_000 + 1_000_000); r.PeakBytes != want || len(r.Unknown) != 1 || r.Unknown[0].Line != 5 {
		t.Errorf("imshow: peak %d (unknown %+v), want %d and plt.show listed", r.PeakBytes, r.Unknown, want)
	}
	r = estimate(t, `import numpy as np
from pylab import figure
x = np.linspace(0, 1, 100000)
ax = figure(facecolor="black").add_subplot(projection="3d")
ax.plot(x, x, x, color="green")
`, Options{})[0]
	if want := int64(800_000 + 3_200_000 + 450_000 + 4_200_000); r.PeakBytes != want || len(r.Unknown) != 0 {
		t.Errorf("3-D plot: peak %d (unknown %+v), want %d", r.PeakBytes, r.Unknown, want)
	}
	r = estimate(t, `import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 1, 100000)
fig, ax = plt.subplots()
ax.plot(x, x, x)
`, Options{})[0]
	if len(r.Unknown) != 1 || !strings.Contains(r.Unknown[0].Reason, "matplotlib") {
		t.Errorf("2-D plot of three arrays: unknown %+v, want it listed", r.Unknown)
	}
}

// TestSubplotsGrid checks that the first plot on a plt.subplots(nrows, ncols) grid counts the
// figure with all its axes: 450,000 B for the first and 228,000 for each further one
// (matplotlib 3.11: a 2 × 3 grid holds 1.41 MB before any data, one axes 0.27 MB, under
// tracemalloc; ManneredPizza/University's problem1_6 draws on a 2 × 3 grid).
func TestSubplotsGrid(t *testing.T) {
	r := estimate(t, `import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 1, 100000)
fig, axs = plt.subplots(2, 3, figsize=(16, 9))
axs[0, 1].plot(x, x)
`, Options{})[0]
	if want := int64(800_000 + 3_200_000 + 450_000 + 5*228_000 + 1_800_000); r.PeakBytes != want || len(r.Unknown) != 0 {
		t.Errorf("peak %d (unknown %+v), want %d", r.PeakBytes, r.Unknown, want)
	}
}
