package memory

import (
	"bytes"
	"strings"
	"testing"
)

// TestGeometricGrowth checks that a loop whose growth itself grows (an array doubled every
// iteration) is not extrapolated as linear growth: the loop is marked nonlinear, listed among
// the sizes not known, and the peak is a lower bound; a list appended to stays linear and exact.
func TestGeometricGrowth(t *testing.T) {
	for _, src := range []string{
		"import numpy as np\na = np.zeros(2)\nfor i in range(200):\n    a = np.concatenate([a, a])\n",
		"import numpy as np\na = np.zeros(2)\nwhile a.size < 10**30:\n    a = np.concatenate([a, a])\n",
	} {
		r := estimate(t, src, Options{})[0]
		if len(r.Growth) != 1 || !r.Growth[0].Nonlinear {
			t.Fatalf("%q: growth %+v, want one nonlinear loop", src, r.Growth)
		}
		if !r.PeakIsLowerBound || len(r.Unknown) == 0 || !strings.Contains(r.Unknown[0].Reason, "faster than linearly") {
			t.Errorf("%q: peak lower bound %v, unknown %+v; want a lower bound naming the growth", src, r.PeakIsLowerBound, r.Unknown)
		}
		var b bytes.Buffer
		if err := WriteText(&b, []*Report{r}); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); strings.Contains(out, "per iteration") || !strings.Contains(out, "peak ≥") {
			t.Errorf("%q: the report calls the growth linear or the peak exact:\n%s", src, out)
		}
	}
	r := estimate(t, "import numpy as np\nl = []\nfor i in range(200):\n    l.append(np.zeros(100))\n", Options{})[0]
	if len(r.Growth) != 1 || r.Growth[0].Nonlinear || r.Growth[0].BytesPerIteration != 800 || r.PeakBytes != 200*800 || r.PeakIsLowerBound {
		t.Errorf("appending to a list: growth %+v, peak %d (lower bound %v); want 800 B per iteration, 160,000 B exact", r.Growth, r.PeakBytes, r.PeakIsLowerBound)
	}
}
