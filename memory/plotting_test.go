package memory

import (
	"strings"
	"testing"
)

// TestPlottingListed checks that a matplotlib call given arrays is listed among the sizes not
// known, with its largest input as the bound, even as a statement whose result is dropped: the
// figure keeps its own copy of the data (a 15.7 M-point plt.plot held 1.4 GB in issue 25's real
// programs, silently). A call of another library given no array stays quiet.
func TestPlottingListed(t *testing.T) {
	r := estimate(t, `import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 1, 1000000)
y = np.sin(x)
plt.plot(x, y)
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

// TestPlottingOnAxesListed checks that methods of a matplotlib object are listed as plt's own
// functions are: the object is followed by its value (what plt.subplots(), plt.figure() and
// fig.add_subplot() returned, unpacked, indexed or passed to a function), not by its name.
func TestPlottingOnAxesListed(t *testing.T) {
	r := estimate(t, `import numpy as np
import matplotlib.pyplot as plt
def draw(target, v):
    target.scatter(v, v)
x = np.linspace(0, 1, 1000000)
y = np.sin(x)
fig, ax = plt.subplots()
ax.plot(x, y)
fig2 = plt.figure()
panel = fig2.add_subplot(111)
draw(panel, y[:500000])
figs, axs = plt.subplots(2, 2)
axs[0, 1].imshow(y.reshape(1000, 1000))
ax.set_title("sine")
fig.savefig("a.png")
`, Options{})[0]
	lines := map[int]int64{}
	for _, u := range r.Unknown {
		if !strings.Contains(u.Reason, "matplotlib") || u.BoundBytes == nil {
			t.Errorf("unknown %+v: want a matplotlib call with a bound", u)
			continue
		}
		lines[u.Line] = *u.BoundBytes
	}
	want := map[int]int64{8: 8_000_000, 4: 4_000_000, 13: 8_000_000}
	for l, b := range want {
		if lines[l] != b {
			t.Errorf("line %d listed with bound %d, want %d (all: %v)", l, lines[l], b, lines)
		}
	}
	if len(lines) != len(want) {
		t.Errorf("listed lines %v, want %v", lines, want)
	}
}
