package memory

import "testing"

// byScope indexes reports by scope.
func byScope(rs []*Report) map[string]*Report {
	out := map[string]*Report{}
	for _, r := range rs {
		out[r.Scope] = r
	}
	return out
}

// TestStarredParameters: a function's `*args` is the tuple of the positional arguments past its
// named ones and `**kwargs` the dict of the other keywords, so a helper that forwards them
// (`func(*args, **kwargs)`, benchpress's do_while) passes the arrays on; a positional argument
// past the named ones does not land in a keyword-only parameter; `*x` spreads a tuple or list the
// code built, and of another value (an array's rows) leaves the parameters from there on
// unknown.
func TestStarredParameters(t *testing.T) {
	src := `import numpy as np

def forward(func, *args, **kwargs):
    return func(*args, **kwargs)

def keyonly(a, *rest, n=10):
    return np.ones(n)

def main(n=1000):
    grid = np.zeros((n, n))

    def body(g, scale=1.0):
        return g * scale

    r = forward(body, grid, scale=2.0)
    k = keyonly(grid, 5)
    return r, k

def first(a, *rest):
    return a * 2.0

def spread(n=1000):
    pair = [np.ones(n), np.ones(10)]
    r = first(*pair)
    m = np.ones((n, n))
    s = first(*m)
    return r, s
`
	rs := byScope(estimate(t, src, Options{}))
	// grid, r (8,000,000 B each) and keyonly's np.ones(10) (80 B), which the 5 does not size
	if r := rs["main"]; r.PeakBytes != 16_000_080 || r.PeakIsLowerBound {
		t.Errorf("peak %d (lower bound %v, unknown %+v), want 16,000,080", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
	// *pair (a list the code built) spreads into a and rest (r is a copy of pair[0]); *m spreads
	// m's rows, a number not followed: a is not known there (it was m itself, whose copy made
	// the peak 8,000,000 B larger)
	if r := rs["spread"]; r.PeakBytes != 8_016_080 {
		t.Errorf("spread: peak %d (lower bound %v, unknown %+v), want 8,016,080", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
}

// TestOptionalImportFallback: an import of a module arraylint does not model, in a try whose
// handler catches ImportError and rebinds what the body binds, is taken to fail: the handler runs
// (its assignments, its import), at module level and for the functions that read what it binds.
func TestOptionalImportFallback(t *testing.T) {
	src := `import numpy as np
try:
    import accel
    have_accel = True
except ImportError:
    accel = None
    have_accel = False

def make(n):
    if have_accel:
        return accel.zeros(n)
    return np.zeros(n)

x = make(1000)

def needs_psutil(n=1000):
    try:
        import psutil
    except ModuleNotFoundError:
        pytest.skip("psutil required")
    return np.zeros((n, n))
`
	rs := byScope(estimate(t, src, Options{}))
	if r := rs["<module>"]; r.PeakBytes != 8000 || r.PeakIsLowerBound {
		t.Errorf("peak %d (lower bound %v, unknown %+v), want 8000 (np.zeros on the fallback path)", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
	// a handler that only skips provides no fallback: the module is required, the body runs
	if r := rs["needs_psutil"]; r.PeakBytes != 8_000_000 {
		t.Errorf("needs_psutil: peak %d, want 8,000,000", r.PeakBytes)
	}
}

// TestReduceSizes: a size computed by functools.reduce over the shape tuple (benchpress's
// random_array), with an operator function or a lambda, or by math.prod, is the product.
func TestReduceSizes(t *testing.T) {
	src := `import functools
import math
import operator
import numpy as np

def random_array(shape):
    size = functools.reduce(operator.mul, shape)
    also = functools.reduce(lambda a, b: a * b, shape, 1)
    return np.random.rand(size), np.zeros(also), np.ones(math.prod(shape))

def main(n=100):
    a, b, c = random_array((n, n))
    return a
`
	r := byScope(estimate(t, src, Options{}))["main"]
	if r.PeakBytes != 240_000 || r.PeakIsLowerBound || len(r.Unknown) != 0 {
		t.Errorf("peak %d (lower bound %v, unknown %+v), want 3 × 80,000", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
}
