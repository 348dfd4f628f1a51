package memory

import "testing"

// TestStarImport: `from numpy import *` binds NumPy's names the module reads and does not bind
// itself (issue 25's second real-program set: yhilpisch/py4fi's mcs_full_vector_numpy.py was
// estimated at 0 B, its zeros_like, cumsum and random.standard_normal not known): functions,
// submodules, dtypes; a name the module binds keeps its own binding, and a builtin type NumPy's
// namespace lacks (int) stays Python's.
func TestStarImport(t *testing.T) {
	src := `from numpy import *
n = 1000
def zeros_like(x):
    return 0
ran = random.standard_normal((n, n))
S = exp(ran)
k = zeros_like(S)
c = ones(int(n), dtype=float32)
`
	r := estimate(t, src, Options{})[0]
	// ran and S (8,000,000 B each) and c (4,000 B); the module's own zeros_like makes nothing
	if r.PeakBytes != 16_004_000 || r.PeakIsLowerBound || len(r.Unknown) != 0 {
		t.Errorf("peak %d (lower bound %v, unknown %+v), want 16,004,000", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
}
