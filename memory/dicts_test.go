package memory

import "testing"

// TestDictKeys: a dict whose keys the code spells keeps its arrays by key: `state["H"]` (and
// `state.get("U")`) is the array stored under the key (benchpress's shallow_water passes its
// grids that way), a store under a key frees what the key held, `del d["a"]` drops it, and after
// a store under a key not known a lookup is unknown.
func TestDictKeys(t *testing.T) {
	src := `import numpy as np

def step(h, u):
    return h + u

def main(n=1000, k="x"):
    m = np.ones((n, n))
    state = {"H": m, "U": np.zeros_like(m), 1: np.zeros(n)}
    r = step(state["H"], state.get("U"))
    state["U"] = np.zeros((n, n))
    state["U"] = np.zeros((n, n))
    return r, state[1]

def dropped(n=1000):
    d = {"a": np.ones((n, n)), "b": np.ones(n)}
    del d["a"]
    e = np.zeros((n, n))
    return d["b"], e

def dynamic(n, k):
    d = {"a": np.ones(n)}
    d[k] = np.ones(n)
    return d["a"] + 1
`
	rs := byScope(estimate(t, src, Options{}))
	// m, U, state[1] (8,000 B) and r: 3 × 8,000,000 + 8,000; then each store holds two (n, n)
	// arrays at once with m and r: 4 × 8,000,000 + 8,000, not five (the first U is freed)
	r := rs["main"]
	if r.PeakBytes != 32_008_000 || r.PeakIsLowerBound || len(r.Unknown) != 0 {
		t.Errorf("main: peak %d at line %d (lower bound %v, unknown %+v), want 32,008,000", r.PeakBytes, r.PeakLine, r.PeakIsLowerBound, r.Unknown)
	}
	// del d["a"] frees the (n, n) array before e is made: the peak is one of them, not both
	if d := rs["dropped"]; d.PeakBytes != 8_008_000 || d.PeakIsLowerBound {
		t.Errorf("dropped: peak %d (lower bound %v), want 8,008,000", d.PeakBytes, d.PeakIsLowerBound)
	}
	if d := rs["dynamic"]; !d.PeakIsLowerBound || len(d.Unknown) == 0 {
		t.Errorf("dynamic: peak %d, unknown %+v: a key not known may be \"a\", so d[\"a\"] + 1 is unknown", d.PeakBytes, d.Unknown)
	}
}

// TestDictConstants: a dict whose keys the code spells keeps its constants too — a dtype, a
// number — so `dtype = types["float"]` (issue 25's real program: every later array unknown, 0 B)
// and `params.get("n")` are read back.
func TestDictConstants(t *testing.T) {
	src := `import numpy as np
types = {"float": np.float32, "int": np.int64}
params = {"n": 1000, "name": "grid"}
dtype = types["float"]
n = params.get("n")
a = np.ones((n, n), dtype=dtype)
b = np.zeros(n, dtype=types["int"])
`
	r := estimate(t, src, Options{})[0]
	if r.PeakBytes != 4_008_000 || r.PeakIsLowerBound || len(r.Unknown) != 0 {
		t.Errorf("peak %d (lower bound %v, unknown %+v), want 4,008,000 with nothing unknown", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
}
