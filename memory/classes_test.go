package memory

import (
	"strings"
	"testing"
)

const harnessSrc = `import numpy as np


class Harness:
    dtype = np.float32

    def __init__(self, n):
        self.n = n

    def random_array(self, shape):
        return np.random.rand(*shape).astype(self.dtype)


class Wide(Harness):
    dtype = np.float64
`

// TestProjectClasses: a class of a project module (a benchmark harness, reached through its
// package's `from . import util as util`) is a class: an instance made at module level is seen
// by a function analysed on its own, and its methods run in their module (np is its import) with
// the caller's arguments, their arrays counted at the caller's lines.
func TestProjectClasses(t *testing.T) {
	mainSrc := `import numpy as np
from bench import util

h = util.Harness(10)
w = util.Wide(10)


def main(n=1000):
    a = h.random_array((n, n))
    b = np.zeros((n, n), dtype=h.dtype)
    c = w.random_array((n,))
    return a, b, c
`
	root := writeTree(t, map[string]string{"bench/__init__.py": "from . import util as util\n", "bench/util.py": harnessSrc, "main.py": mainSrc})
	got := estimateIn(t, root, "main.py", Options{})
	r := got["main"]
	// a: rand's float64 (8 MB) then its float32 copy (4 MB); b 4 MB; c 8 KB + its float64 copy
	if r.PeakBytes != 12_000_000 || r.PeakLine != 9 || len(r.Unknown) != 0 {
		t.Errorf("main: peak %d at line %d (unknown %+v), want 12,000,000 at line 9", r.PeakBytes, r.PeakLine, r.Unknown)
	}
	var live int64
	for _, l := range r.LiveAtPeak {
		live += l.Bytes
	}
	if live != r.PeakBytes {
		t.Errorf("live at the peak %d B, want the peak %d B", live, r.PeakBytes)
	}
	if m := got["<module>"]; m.PeakBytes != 0 || len(m.Unknown) != 0 {
		t.Errorf("<module>: peak %d (unknown %+v), want 0 and nothing unknown", m.PeakBytes, m.Unknown)
	}
}

// TestInstanceArraysCount: an object's arrays count while it lives, under the name of the
// attribute that holds them.
func TestInstanceArraysCount(t *testing.T) {
	src := `import numpy as np


class Model:
    def __init__(self, n):
        self.w = np.zeros((n, n))

    def forward(self, x):
        return x @ self.w


m = Model(1000)
y = m.forward(np.ones((10, 1000)))
del m
z = np.ones(10)
`
	r := estimate(t, src, Options{})[0]
	if r.PeakBytes != 8_160_000 || r.PeakLine != 13 || len(r.Unknown) != 0 {
		t.Errorf("peak %d at line %d (unknown %+v), want 8,160,000 at line 13", r.PeakBytes, r.PeakLine, r.Unknown)
	}
	found := false
	for _, l := range r.LiveAtPeak {
		if strings.Contains(l.Name, "m.w") {
			found = true
		}
	}
	if !found {
		t.Errorf("live at the peak %+v: no buffer named after m.w", r.LiveAtPeak)
	}
}

// TestProjectClassesFork: a fork (an `if` the run cannot decide) copies the project classes made
// so far, those that stay unknown included.
func TestProjectClassesFork(t *testing.T) {
	lib := `import numpy as np

@register
class Odd:
    pass


class Buf:
    def __init__(self, n, flag):
        if flag:
            self.a = np.zeros(n)
        else:
            self.a = np.ones(2 * n)
`
	mainSrc := `from lib import Odd, Buf
import sys

o = Odd()
b = Buf(1000, sys.argv)
`
	root := writeTree(t, map[string]string{"lib.py": lib, "main.py": mainSrc})
	r := estimateIn(t, root, "main.py", Options{})["<module>"]
	if r.PeakBytes != 16_000 {
		t.Errorf("peak %d, want 16,000 (the else branch's array)", r.PeakBytes)
	}
}
