package arrays

import "testing"

// TestMinor checks which arrays of unknown size are minor beside the data: one length the file
// never sets (an axis, one value per view), or dwarfed at the defaults the program states by a
// larger array of the same function; not the data itself (a product of lengths, a length the
// command line sets, a vector as long as the open problem size).
func TestMinor(t *testing.T) {
	f, info := analyze(t, `import argparse
import numpy as np

def axes(n_views, n, k):
    theta = np.linspace(0, 3.14, n_views)
    poses = np.zeros((n_views, 4, 4))
    shifted = np.zeros(2 * n + 1)
    square = np.zeros((n, n))
    two = np.zeros((n, k))
    return theta, poses, shifted, square, two

class Scan:
    def grid(self, cfg):
        u = np.linspace(0, 1, self.nu)
        views = np.linspace(0, 3.14, cfg.n_views)
        det = np.zeros((self.nu, self.nv))
        return u, views, det

def opts(args):
    m = np.zeros(args.N)
    return m

def blur(shape, filter_shape):
    image = np.random.rand(*shape)
    psf = np.random.rand(*filter_shape)
    return image, psf

def fit(n, f):
    x = np.random.randn(n, f)
    y = np.random.random(n)
    return x, y

def draw(N):
    data = np.random.random(N)
    return data

def run(n, f):
    return fit(n * 1000, f)

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--shape", type=int, nargs=3, default=[(20, 20, 20)], dest="shape")
    parser.add_argument("--filter-shape", type=int, nargs=3, default=[(4, 4, 4)], dest="filter_shape")
    parser.add_argument("--num", type=int, default=10, dest="N")
    args = parser.parse_args()
    blur(args.shape, args.filter_shape)
    run(args.N, 32)
    draw(args.N)
`)
	for _, c := range []struct {
		name            string
		extent, dwarfed bool
	}{
		{"theta", true, false},   // one angle per view
		{"u", true, false},       // a count an object holds
		{"views", true, false},   // a count in a configuration object
		{"det", false, false},    // a product of two counts
		{"m", false, false},      // args.N: the command line sets it
		{"poses", true, false},   // a 4x4 pose per view
		{"shifted", true, false}, // 2n + 1: still one length
		{"square", false, false}, // n²: the data
		{"two", false, false},    // a product of two lengths
		{"image", false, false},  // the data, 20³ by default
		{"psf", false, true},     // 4³ by default beside 20³
		{"x", false, false},
		{"y", false, false},    // grows with n, which the program leaves open (n * 1000)
		{"data", false, false}, // N from --num: the problem size
	} {
		n := lastName(f, c.name)
		a := mustArray(t, info, n, c.name)
		if got := info.OneExtent(n, a); got != c.extent {
			t.Errorf("OneExtent(%s %s) = %v, want %v", c.name, a, got, c.extent)
		}
		if got := info.Dwarfed(n, a); got != c.dwarfed {
			t.Errorf("Dwarfed(%s %s) = %v, want %v", c.name, a, got, c.dwarfed)
		}
		if got := info.Minor(n, a); got != (c.extent || c.dwarfed) {
			t.Errorf("Minor(%s) = %v, want %v", c.name, got, c.extent || c.dwarfed)
		}
	}
}

// TestAtMost checks the bound on an array whose size the values decide: np.unique of 19
// values has at most 19, of an input of unknown size no bound.
func TestAtMost(t *testing.T) {
	f, info := analyze(t, `import numpy as np
def f(x):
    u = np.unique(np.arange(0.04, 0.221, 0.01))
    v = np.unique(x)
    return u, v
`)
	for name, want := range map[string]int64{"u": 19, "v": 0} {
		a := mustArray(t, info, lastName(f, name), name)
		if a.AtMost != want {
			t.Errorf("%s %s: AtMost = %d, want %d", name, a, a.AtMost, want)
		}
		if b, ok := BytesAtMost(a); ok != (want > 0) || ok && b != want*8 {
			t.Errorf("%s: BytesAtMost = %d, %v", name, b, ok)
		}
	}
}
