package memory

import (
	"testing"
)

// TestListOfNumbers checks that the Python objects a list holds are counted: a float, a NumPy
// float scalar or a large int behind each 8-byte slot (32 B an element of floats, 40 B of large
// ints), a 2-tuple of floats in 112 B, and that a long loop or comprehension that grows a list of
// numbers is extrapolated so that np.array of the list is as long as the loop. Under NumPy 2 and
// tracemalloc these programs peak at 49,053,904 B (the comprehension) and 49,124,406 B (the
// loop); before, both were estimated at 8,000,016 B with nothing listed (np.array of a
// two-element list).
func TestListOfNumbers(t *testing.T) {
	for _, src := range []string{`import numpy as np
a = np.linspace(0, 1, 1000000)
l = [t * 2 for t in a]
b = np.array(l)
`, `import numpy as np
a = np.linspace(0, 1, 1000000)
l = []
for t in a:
    l.append(t * 2)
b = np.array(l)
`} {
		r := estimate(t, src, Options{})[0]
		// a and b: 8 MB each; the list: a million floats of 24 B behind 8-byte slots
		if r.PeakBytes != 48_000_000 || r.PeakIsLowerBound || len(r.Unknown) != 0 {
			t.Errorf("%s: peak %d (lower bound %v, unknown %+v), want 48,000,000", src, r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
		}
	}
	r := estimate(t, `import numpy as np
n = 100000
ts = np.linspace(0, 1, n)
pos = []
for t in ts:
    pos.append((np.cos(t), np.sin(t)))
big = []
for i in range(n):
    big.append(i * 1000)
p = np.array(pos)
`, Options{})[0]
	// ts 800,000; pos 100,000 × 112; big 100,000 × 40 less the box of 0 * 1000 (a small int,
	// shared); p (100000, 2) float64 1,600,000 and NumPy's 32 B a tuple while it fills it
	// (tracemalloc: 21,074,784 B)
	if r.PeakBytes != 800_000+11_200_000+4_000_000-32+1_600_000+3_200_000 || len(r.Unknown) != 0 {
		t.Errorf("tuples: peak %d (unknown %+v), want 20,799,968", r.PeakBytes, r.Unknown)
	}
	found := false
	for _, b := range r.Buffers {
		if b.Line == 10 && b.Expr == "np.array(pos)" {
			found = true
			if len(b.Shape) != 2 || b.Shape[0] == nil || *b.Shape[0] != 100000 || b.Shape[1] == nil || *b.Shape[1] != 2 {
				t.Errorf("np.array(pos) (%s) has shape %v, want (100000, 2)", b.Expr, b.Shape)
			}
		}
	}
	if !found {
		t.Errorf("no buffer for np.array(pos) on line 10")
	}
	r = estimate(t, `import numpy as np
def row(u, d):
    r = []
    for j in range(1, d + 1):
        r.append(np.cos(u * j))
    return r
us = np.linspace(0, 1, 1000)
x = np.array([row(u, 500) for u in us])
`, Options{})[0]
	// us 8,000; a thousand rows of 500 floats (32 B each with their slots): 16,000,000; x
	// (1000, 500) float64 4,000,000 and NumPy's 32 B a row while it fills it (tracemalloc:
	// 20,489,874 B, the lists' headers and spare slots on top)
	if r.PeakBytes != 8_000+16_000_000+4_000_000+32_000 || len(r.Unknown) != 0 {
		t.Errorf("rows: peak %d (unknown %+v), want 20,040,000", r.PeakBytes, r.Unknown)
	}
	r = estimate(t, `import numpy as np
ts = np.linspace(0, 1, 100000)
positions = []
for t in ts:
    positions.append((np.cos(t), np.sin(t)))
xs, ys = zip(*positions)
cx = (min(xs) + max(xs)) / 2
x = np.array(xs) - cx
`, Options{})[0]
	// ts 800,000; positions 100,000 × 112; xs and ys two tuples of 100,000 slots (40 + 800,000
	// each, the numbers shared), made while zip holds 64 B a row (tracemalloc: 20,103,318 B at
	// the zip)
	if r.PeakBytes != 800_000+11_200_000+2*800_040+6_400_000 || r.PeakLine != 6 || len(r.Unknown) != 0 {
		t.Errorf("unzip: peak %d at line %d (unknown %+v), want 20,000,080 at line 6", r.PeakBytes, r.PeakLine, r.Unknown)
	}
}
