package arrays

import "testing"

// TestScales checks which arrays of unknown size count as scaling with the data, and the formula
// of their size.
func TestScales(t *testing.T) {
	src := `import numpy as np

def inputs(A, x, k):
    a = np.zeros(A.shape[0])
    c = np.zeros(k)
    d = np.zeros_like(x)
    e = np.zeros((A.shape[0] + 1, 3))
    return a, c, d, e

def trailing(A):
    b = np.zeros(A.shape[1])
    return b

def grid(table):
    g = np.zeros(table.shape[0])
    h = np.linspace(0, 1, table.shape[1])
    return g, h

def lengths(items, x):
    i = np.zeros(len(items))
    p = np.asarray(x) * 2.0
    q = np.zeros(len(p))
    return i, q

def unpacked(A):
    n, m = A.shape
    j = np.zeros(n)
    return j

def looped(rows):
    s = np.zeros(rows.shape[0])
    for r in range(rows.shape[0]):
        s[r] = 1.0
    return s

def built_here(f, n):
    u = np.array([f(v) for v in range(n)])
    return u
`
	f, info := analyze(t, src)
	for _, c := range []struct {
		name    string
		scales  bool
		formula string // BytesExpr when not ""
	}{
		{"a", true, "8·A.shape[0]"},      // the leading length of an input
		{"b", false, "8·A.shape[1]"},     // another axis: features, channels, coordinates
		{"c", false, "8·k"},              // a plain integer parameter
		{"d", true, ""},                  // the whole extent of an input
		{"e", true, "24·(A.shape[0]+1)"}, // arithmetic over a data length
		{"g", false, ""},                 // table's other axes are read: a grid, not samples (also X.shape[0] beside X.shape[1])
		{"h", false, ""},
		{"i", false, ""},        // len() of a value that may be a Python list
		{"q", true, "8·len(p)"}, // the length of an array that scales
		{"j", false, ""},        // unpacked with m: A is read as a grid of two axes
		{"s", false, ""},        // rows is looped over in Python
		{"u", false, ""},        // a list the code builds itself
	} {
		a := mustArray(t, info, lastName(f, c.name), c.name)
		if got := Scales(a); got != c.scales {
			t.Errorf("%s = %s: Scales = %v, want %v", c.name, a, got, c.scales)
		}
		if got, _ := BytesExpr(a); c.formula != "" && got != c.formula {
			t.Errorf("%s: BytesExpr = %q, want %q", c.name, got, c.formula)
		}
	}
}

// TestAxesOfLargerInput checks that an array along one axis of a larger input is recognised as
// a profile of it, and an array as large as the input's leading axis or of arithmetic on axes
// is not.
func TestAxesOfLargerInput(t *testing.T) {
	f, info := analyze(t, `import numpy as np
def f(vol, proj, x):
    nz, ny, nx = vol.shape
    grid = np.linspace(0, 1, nx)
    cols = np.arange(proj.shape[-1])
    plane = np.zeros((vol.shape[1], vol.shape[2]))
    rows = np.zeros(x.shape[0])
    sq = np.zeros(nx * ny)
    return grid, cols, plane, rows, sq
`)
	for name, want := range map[string]bool{"grid": true, "cols": true, "plane": true, "rows": false, "sq": false} {
		a := mustArray(t, info, lastName(f, name), name)
		if got := AxesOfLargerInput(a); got != want {
			t.Errorf("AxesOfLargerInput(%s %s) = %v, want %v", name, a, got, want)
		}
	}
}
