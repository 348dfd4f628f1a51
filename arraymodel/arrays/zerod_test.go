package arrays

import "testing"

// TestZeroDFancyIndex: an integer array indexing a 0-d array (an IndexError when it runs) gives
// a copy of unknown shape, not a panic (found on scipy's sources through the memory estimate).
func TestZeroDFancyIndex(t *testing.T) {
	f, info := analyze(t, "import numpy as np\nc = np.array(2.0)\nidx = np.arange(2)\nd = c[idx]\n")
	a, ok := info.Array(exprAt(f, "c[idx]"))
	if !ok || a.Shape != nil {
		t.Errorf("c[idx] on a 0-d c: %+v, %v; want an array of unknown shape", a, ok)
	}
}
