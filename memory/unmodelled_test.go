package memory

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// unmodelledCandidates are NumPy functions that return arrays; the ones the API table does not
// (yet) model make the test program, so the test keeps its meaning as the table grows.
var unmodelledCandidates = []string{
	"polyfit", "polyval", "histogram", "histogram2d", "histogramdd", "interp", "convolve",
	"correlate", "trapz", "lexsort", "digitize", "bincount", "packbits", "unpackbits", "fliplr",
	"flipud", "rot90", "polyder", "polyint", "roots", "poly", "vander", "unwrap", "sinc",
	"i0", "kaiser", "hanning", "hamming", "blackman", "bartlett", "select", "piecewise",
	"apply_along_axis", "vectorize", "frompyfunc", "ediff1d", "setdiff1d", "union1d",
	"intersect1d", "setxor1d", "in1d", "trim_zeros", "resize", "insert", "delete",
	"array_split", "split", "hsplit", "vsplit", "block", "asmatrix", "real_if_close",
	"angle", "unravel_index", "ravel_multi_index", "indices", "mgrid", "ogrid", "fromfunction",
	"tri", "vsplit", "histogram_bin_edges", "nanpercentile", "nanquantile", "nanmedian",
}

// A program that calls 30 functions the table does not model gets 30 unknown entries and a peak
// marked as a lower bound in every format — none of them silently counted as 0 B.
func TestUnmodelledCallsAreUnknown(t *testing.T) {
	var names []string
	seen := map[string]bool{}
	for _, n := range unmodelledCandidates {
		if _, ok := npapi.Lookup(n); ok || seen[n] || npapi.ReturnsNoArray(n) {
			continue
		}
		seen[n] = true
		names = append(names, n)
		if len(names) == 30 {
			break
		}
	}
	if len(names) < 30 {
		t.Fatalf("only %d candidate functions are unmodelled; add candidates", len(names))
	}
	var src strings.Builder
	src.WriteString("import numpy as np\na = np.ones(1_000_000)\n")
	for i, n := range names {
		fmt.Fprintf(&src, "r%d = np.%s(a)\n", i, n)
	}
	r := estimate(t, src.String(), Options{})[0]
	if len(r.Unknown) != 30 {
		t.Fatalf("%d unknown entries, want 30: %+v", len(r.Unknown), r.Unknown)
	}
	for i, u := range r.Unknown {
		if u.Line != i+3 || !strings.Contains(u.Reason, "np."+names[i]) {
			t.Errorf("unknown[%d] = %+v, want line %d naming np.%s", i, u, i+3, names[i])
		}
		if u.BoundBytes == nil || *u.BoundBytes != 8_000_000 || u.Bound != BoundInputs {
			t.Errorf("unknown[%d] bound = %v %q, want 8000000 inputs", i, u.BoundBytes, u.Bound)
		}
	}
	if !r.PeakIsLowerBound {
		t.Error("peak_is_lower_bound is false")
	}
	var js strings.Builder
	if err := WriteJSON(&js, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	var decoded []map[string]any
	if err := json.Unmarshal([]byte(js.String()), &decoded); err != nil {
		t.Fatalf("json: %v", err)
	}
	if decoded[0]["peak_is_lower_bound"] != true {
		t.Errorf("json peak_is_lower_bound = %v", decoded[0]["peak_is_lower_bound"])
	}
	var txt strings.Builder
	if err := WriteText(&txt, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "peak ≥ 7.6 MiB") {
		t.Errorf("text report does not mark the peak as a lower bound:\n%s", txt.String())
	}
}

// Calls that never return arrays, and calls whose result is dropped, stay out of unknown[].
func TestNoArrayCallsAreNotUnknown(t *testing.T) {
	src := `import numpy as np
np.random.seed(0)
np.set_printoptions(precision=3)
a = np.ones(1000)
print(a)
n = len(a)
ok = isinstance(a, np.ndarray)
s = a.tolist()
np.testing.assert_allclose(a, a)
np.save("a.npy", a)
`
	r := estimate(t, src, Options{})[0]
	if len(r.Unknown) != 0 || r.PeakIsLowerBound {
		t.Errorf("unknown = %+v, lower bound %v; want none", r.Unknown, r.PeakIsLowerBound)
	}
	if !strings.Contains(r.PeakText(), "7.8 KiB") || strings.Contains(r.PeakText(), "≥") {
		t.Errorf("peak text %q", r.PeakText())
	}
}

// A library call the simulation does not know, given arrays, may return one: a scikit-learn
// transform is reported, not dropped.
func TestUnknownCallWithArrayArgument(t *testing.T) {
	src := "import numpy as np\nfrom sklearn.preprocessing import StandardScaler\nX = np.ones((1000, 100))\nY = StandardScaler().fit_transform(X)\n"
	r := estimate(t, src, Options{})[0]
	if len(r.Unknown) != 1 || r.Unknown[0].Line != 4 || !r.PeakIsLowerBound {
		t.Errorf("unknown = %+v, want one entry at line 4", r.Unknown)
	}
}

// An unknown function given values of unknown type (arrays from a module the run does not
// read) may return an array too: a bound result is listed, not a silent 0 B; a dropped one, or
// one given only known scalars, is not.
func TestUnknownCallWithUnknownArgument(t *testing.T) {
	src := `import numpy as np
from harness import bench, convolve
convolveNd = convolve
image = bench.random_array((100, 100))
k = bench.random_array((5, 5))
R = convolveNd(image, k)
bench.flush(R)
n = bench.size(3)
`
	r := estimate(t, src, Options{})[0]
	if len(r.Unknown) != 1 || r.Unknown[0].Line != 6 || !strings.Contains(r.Unknown[0].Reason, "unknown type") || !r.PeakIsLowerBound {
		t.Errorf("unknown = %+v, lower bound %v; want one entry at line 6", r.Unknown, r.PeakIsLowerBound)
	}
}

// A call the simulation does not model, given only numbers, is taken to make no array — until
// the code uses what it returns as one: as the index of an array (rows, cols of a shape drawn on
// a grid, through an unpacking and a subscript) or as an operand beside an array. Then it is
// listed at its own line, once, and the peak is a lower bound. Used as a number only (a size, a
// count, a slice bound), it stays out.
func TestNumbersCallUsedAsArray(t *testing.T) {
	src := `import numpy as np
from shapes import disk_coords, offsets, count

grid = np.zeros((1000, 1000))
rows, cols = disk_coords(500, 500, 200)
grid[rows, cols] = 1.0
k = count(3)
pad = np.zeros(k + 1)
d = offsets(10)
shifted = grid[d[0]]
`
	r := estimate(t, src, Options{})[0]
	var got []string
	for _, u := range r.Unknown {
		got = append(got, fmt.Sprintf("%d %s", u.Line, u.Expr))
	}
	want := "5 disk_coords(500, 500, 200); 8 np.zeros(k + 1); 9 offsets(10)"
	if strings.Join(got, "; ") != want || !r.PeakIsLowerBound {
		t.Errorf("unknown = %q (lower bound %v), want %q", strings.Join(got, "; "), r.PeakIsLowerBound, want)
	}
	if !strings.Contains(r.Unknown[0].Reason, "given only numbers it was taken to make no array") {
		t.Errorf("reason %q", r.Unknown[0].Reason)
	}
}

// Arithmetic on a parameter of unknown type that the function uses as an array makes arrays of
// its size: listed (one entry, the first such operation), as is a @ b of values of unknown type;
// a number of unknown value (range(I + warmup)) is not.
func TestArithmeticOnArrayLikeParameters(t *testing.T) {
	src := `import numpy as np

def center(X):
    mu = X.mean(axis=0)
    return (X - mu) / X.std(axis=0)

def product(a, b):
    return a @ b + 1.0

def loop(I, warmup):
    out = np.zeros(1000)
    for i in range(I + warmup):
        out += i
    return out
`
	rs := byScope(estimate(t, src, Options{}))
	for scope, want := range map[string]string{
		"center":  "5 X - mu: arithmetic on `X`, which the function uses as an array of a size not known",
		"product": "8 a @ b: `@` on values of unknown type makes an array of a size not known",
	} {
		r := rs[scope]
		var got []string
		for _, u := range r.Unknown {
			got = append(got, fmt.Sprintf("%d %s: %s", u.Line, u.Expr, u.Reason))
		}
		if strings.Join(got, "; ") != want || !r.PeakIsLowerBound {
			t.Errorf("%s: unknown %q (lower bound %v), want %q", scope, got, r.PeakIsLowerBound, want)
		}
	}
	if r := rs["loop"]; r.PeakIsLowerBound || r.PeakBytes != 8000 {
		t.Errorf("loop: peak %d (lower bound %v, unknown %+v), want 8000 exact", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
}
