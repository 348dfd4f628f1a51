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
