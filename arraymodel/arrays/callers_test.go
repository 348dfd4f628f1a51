package arrays

import (
	"testing"

	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// TestCallerArrays: a top-level function called once in its file, whose name is used nowhere
// else, takes an array parameter from what the call passes (shape, dtype, whether it scales),
// whatever the order the functions are written in; a shape the caller does not know either
// keeps the parameter an input; a function called twice, or passed on, keeps its parameters
// unknown; mutual recursion ends; and the methods of a class that a caller-first run reached
// early are still analysed.
func TestCallerArrays(t *testing.T) {
	f, info := analyze(t, `import numpy as np

def small(x):
    a = np.zeros_like(x)
    return a

def scaled(x):
    b = np.zeros_like(x)
    return b

def twice(x):
    c = np.zeros_like(x)
    return c

def passed(x):
    d = np.zeros_like(x)
    return d

def ping(x, n):
    return pong(x, n - 1)

def pong(x, n):
    e = np.zeros_like(x)
    return ping(x, n)

class Model:
    def fit(self, X):
        q = np.ones(X.shape)
        return small(np.ones(10, dtype=np.float32)) + scaled(X * 2.0) + q

    def predict(self, X):
        p = np.zeros(X.shape)
        return p

def main(data):
    r = twice(np.ones(5)) + twice(np.ones(6))
    g = passed
    return ping(np.ones(3), 2)
`)
	a := mustArray(t, info, lastName(f, "a"), "a")
	if a.DType != npapi.Float32 || len(a.Shape) != 1 || !a.Shape[0].Known || a.Shape[0].N != 10 || Scales(a) {
		t.Errorf("small(np.ones(10, float32)): zeros_like gives %v %v (scales %v), want (10,) float32 not scaling", a.Shape, a.DType, Scales(a))
	}
	if b, ok := info.Array(lastName(f, "b")); ok && !Scales(b) {
		t.Errorf("scaled(X * 2.0) with X an input: b %v %v does not scale, want it to", b.Shape, b.DType)
	}
	for _, name := range []string{"c", "d"} {
		if x, ok := info.Array(lastName(f, name)); ok && x.DType.Known() {
			t.Errorf("%s: %v %v, want its parameter unknown (called twice, or passed on)", name, x.Shape, x.DType)
		}
	}
	// ping is called twice (by main and pong): its x is unknown, and so is pong's, which ping's
	// run passes on; the two runs wait for each other without end unless one goes first
	if e, ok := info.Array(lastName(f, "e")); !ok || e.DType.Known() {
		t.Errorf("pong, called once from ping, whose x is unknown: e = %+v, want an array of unknown dtype", e)
	}
	mustArray(t, info, lastName(f, "q"), "q (in the caller, run first)")
	mustArray(t, info, lastName(f, "p"), "p (another method of a class a caller-first run reached)")
}
