package memory

import (
	"fmt"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/pyparse"
)

// The stencil's peak as a formula in its argparse size, and the largest size that fits a device.
func TestScaleArgparseStencil(t *testing.T) {
	src, err := os.ReadFile("../testdata/mem/27_argparse_stencil.py")
	if err != nil {
		t.Fatal(err)
	}
	f, err := pyparse.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	target, err := TargetOptions{Target: "l4"}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Path: "stencil.py", Target: target}
	rs, err := Estimate(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := Scale(f, opts, rs, ""); err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	// grid and new (8·n² each), the stencil's temporary (8·(n-2)²) and the iterator buffers of
	// its two strided operands (2·8192·8 B, npapi.UfuncBuffers): 24n² − 32n + 131104.
	if r.PeakExpr != "24*size**2 - 32*size + 131104" {
		t.Errorf("peak_expr %q", r.PeakExpr)
	}
	// 24·31,723² − 32·31,723 + 131104 ≤ l4 (24,152,899,584 B) < the same at 31,724.
	if r.FitsUpTo == nil || *r.FitsUpTo != (FitsUpTo{Symbol: "size", Value: 31_723}) {
		t.Errorf("fits_up_to %+v", r.FitsUpTo)
	}
	var txt strings.Builder
	if err := WriteText(&txt, rs[:1]); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "peak = 24·size² − 32·size + 131104 B; fits l4 up to size = 31,723") {
		t.Errorf("text report:\n%s", txt.String())
	}
	// --solve-for picks the symbol; the step count does not change the peak: no formula in it.
	rs, _ = Estimate(f, opts)
	if err := Scale(f, opts, rs, "steps"); err != nil {
		t.Fatal(err)
	}
	if rs[0].PeakExpr != "24099104" || rs[0].FitsUpTo != nil {
		t.Errorf("solve for steps: peak_expr %q fits_up_to %+v, want the number and no bound", rs[0].PeakExpr, rs[0].FitsUpTo)
	}
}

func TestPolyString(t *testing.T) {
	for _, c := range []struct {
		coef []int64
		want string
	}{
		{[]int64{32, -32, 24}, "24*n**2 - 32*n + 32"},
		{[]int64{0, 8}, "8*n"},
		{[]int64{0, 0, 0, 1}, "n**3"},
		{[]int64{-5}, "-5"},
		{[]int64{0}, "0"},
		{[]int64{1, -1}, "-n + 1"},
	} {
		var coef []*bigInt
		for _, x := range c.coef {
			coef = append(coef, newBig(x))
		}
		if got := polyString(coef, "n"); got != c.want {
			t.Errorf("polyString(%v) = %q, want %q", c.coef, got, c.want)
		}
	}
}

type bigInt = big.Int

func newBig(x int64) *big.Int { return big.NewInt(x) }

// A function estimated on its own, sized by a parameter: the peak as a formula in it (a free
// symbol, value null), and how far it fits.
func TestScaleFreeParameter(t *testing.T) {
	src := "import numpy as np\n\ndef simulate(n, steps):\n    grid = np.zeros((n, n))\n    for _ in range(steps):\n        grid = grid + 1.0\n    return grid\n"
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	target, _ := TargetOptions{Target: "l4"}.Resolve()
	opts := Options{Path: "f.py", Target: target, Function: "simulate"}
	rs, err := Estimate(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := Scale(f, opts, rs, ""); err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.PeakExpr != "16*n**2" || !r.PeakIsLowerBound {
		t.Errorf("peak_expr %q (lower bound %v), want 16*n**2", r.PeakExpr, r.PeakIsLowerBound)
	}
	if len(r.Symbols) != 1 || r.Symbols[0] != (Symbol{Name: "n", Value: nil, Source: absint.SourceParameter, Line: 3}) {
		t.Errorf("symbols %+v", r.Symbols)
	}
	// 16·38,853² = 24,152,702,544 ≤ 24,152,899,584 < 16·38,854².
	if r.FitsUpTo == nil || r.FitsUpTo.Value != 38_853 {
		t.Errorf("fits_up_to %+v", r.FitsUpTo)
	}
	var txt strings.Builder
	if err := WriteText(&txt, rs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "peak 16·n² B for any n (a parameter of simulate); fits l4 up to n = 38,853\n  with n free (parameter, line 3)") {
		t.Errorf("text:\n%s", txt.String())
	}
}

// A peak that follows two symbols: the formula over both, bound (command-line options) or free
// (a function's parameters); no fits_up_to until --solve-for picks one, and then the formula in
// that one with the other at its value.
func TestScaleSeveralSymbols(t *testing.T) {
	src := `import argparse
import numpy as np

p = argparse.ArgumentParser()
p.add_argument("--rows", type=int, default=2000)
p.add_argument("--cols", type=int, default=300)
args = p.parse_args()
a = np.zeros((args.rows, args.cols))
b = np.ones(args.rows)


def f(n, m, k):
    x = np.zeros((n, m))
    y = x + 1.0
    z = np.ones(n * k, dtype=np.float32)
    return y, z
`
	target, _ := TargetOptions{Target: "l4"}.Resolve()
	mod := scaledScope(t, src, Options{Target: target}, "")
	if mod.PeakExpr != "8*cols*rows + 8*rows" || mod.PeakBytes != 8*2000*300+8*2000 || mod.FitsUpTo != nil {
		t.Errorf("module: peak %d, peak_expr %q, fits_up_to %+v; want 8*cols*rows + 8*rows", mod.PeakBytes, mod.PeakExpr, mod.FitsUpTo)
	}
	// 2408·10,030,273 = 24,152,897,384 ≤ 24,152,899,584 < 2408·10,030,274 (cols = 300)
	rows := scaledScope(t, src, Options{Target: target}, "rows")
	if rows.PeakExpr != "8*cols*rows + 8*rows" || rows.FitsUpTo == nil || *rows.FitsUpTo != (FitsUpTo{Symbol: "rows", Value: 10_030_273}) {
		t.Errorf("--solve-for rows: peak_expr %q, fits_up_to %+v", rows.PeakExpr, rows.FitsUpTo)
	}
	fn := scaledScope(t, src, Options{Target: target, Function: "f"}, "")
	if fn.PeakExpr != "4*k*n + 16*m*n" || !fn.PeakIsLowerBound {
		t.Errorf("f: peak_expr %q (lower bound %v), want 4*k*n + 16*m*n", fn.PeakExpr, fn.PeakIsLowerBound)
	}
	var txt strings.Builder
	if err := WriteText(&txt, []*Report{fn}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "peak 4·k·n + 16·m·n B for any n, m, k (parameters of f); --solve-for one of n, m, k gives the largest value that fits\n  with n free (parameter, line 12), m free (parameter, line 12), k free (parameter, line 12)") {
		t.Errorf("text:\n%s", txt.String())
	}
}

// scaledScope estimates src with opts (the module, or opts.Function on its own) and gives the
// first report a formula (Scale, solving for solveFor).
func scaledScope(t *testing.T, src string, opts Options, solveFor string) *Report {
	t.Helper()
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	opts.Path = "f.py"
	rs, err := Estimate(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := Scale(f, opts, rs, solveFor); err != nil {
		t.Fatal(err)
	}
	return rs[0]
}

// Reports with no formula: a lower bound whose peak_expr is its number and no free parameter.
func TestScaleNoFormula(t *testing.T) {
	for _, c := range []struct{ why, src, fn string }{
		// a function that hands its parameters to a call the estimator does not model: given
		// numbers in a sample, the call would no longer be listed as unknown and its arrays
		// would count 0 B (skimage's footprints.ellipse and draw.ellipse)
		{"past an unmodelled call", "import numpy as np\nfrom shapes import disk_coords\n\ndef disk(n, m):\n    a = np.zeros((n, m))\n    rows, cols = disk_coords(n, m)\n    a[rows, cols] = 1\n    return a\n", "disk"},
		// a parameter that, given a number in a sample, makes a peak that does not move with it
		// (an array parameter taken as a 0-d array; numpy's ufunclike.fix had "peak_expr": "16"
		// with x free)
		{"a constant", "import numpy as np\n\ndef fix(x):\n    y = np.asanyarray(x)\n    return np.floor(y)\n", "fix"},
	} {
		if r := scaledScope(t, c.src, Options{Function: c.fn}, ""); !r.PeakIsLowerBound || r.PeakExpr != fmt.Sprint(r.PeakBytes) || len(r.freeSymbols()) != 0 {
			t.Errorf("%s: peak %d, peak_expr %q (lower bound %v, symbols %+v), want no formula",
				c.why, r.PeakBytes, r.PeakExpr, r.PeakIsLowerBound, r.Symbols)
		}
	}
}

// The peak as the heap carries it is the maximum over the program points that can be the peak:
// an n × n grid freed before a 1000·n vector is allocated peaks at one or the other depending
// on n, which no single polynomial fitted to re-estimates gives.
func TestScaleCarriedMax(t *testing.T) {
	src := `import argparse
import numpy as np

p = argparse.ArgumentParser()
p.add_argument("--n", type=int, default=500)
args = p.parse_args()
n = args.n
a = np.zeros((n, n))
del a
b = np.zeros(1000 * n)
`
	target, _ := TargetOptions{Target: "l4"}.Resolve()
	// 8·54,946² = 24,152,503,328 ≤ l4 (24,152,899,584) < 8·54,947²; the vector (8000·n) is the
	// peak below n = 1000
	if r := scaledScope(t, src, Options{Target: target}, ""); r.PeakBytes != 4_000_000 || r.PeakExpr != "max(8*n**2, 8000*n)" || r.FitsUpTo == nil || r.FitsUpTo.Value != 54_946 {
		t.Errorf("peak %d, peak_expr %q, fits_up_to %+v; want 4000000, max(8*n**2, 8000*n), n = 54,946", r.PeakBytes, r.PeakExpr, r.FitsUpTo)
	}
}

// A bound integer that decides the path (n_targets > 1 allocates n_features × n_targets) is
// doubled too when the carried formula is checked: the formula of the path taken at its value
// (n_targets = 1) would say the peak does not depend on it, and the identified one is reported
// (scikit-learn's build_dataset).
func TestScaleCarriedPathSymbol(t *testing.T) {
	src := "import numpy as np\n\ndef build(n_samples=50, n_features=200, n_targets=1):\n    if n_targets > 1:\n        w = np.ones((n_features, n_targets))\n    else:\n        w = np.ones(n_features)\n    X = np.ones((n_samples, n_features))\n    y = np.dot(X, w)\n    return X, y\n"
	r := scaledScope(t, src, Options{Function: "build"}, "")
	if r.PeakExpr != "8*n_features*n_samples + 8*n_features*n_targets + 8*n_samples*n_targets" {
		t.Errorf("peak_expr %q", r.PeakExpr)
	}
}

// A slice of whole rows of an array sized by a bound symbol is contiguous: its dimensions are
// the same lengths as the base's whatever formula each carries (npapi.Dim.Same), so a ufunc on it
// needs no iterator buffers (a struct comparison of the dimensions had counted 131,072 B more).
func TestScaleRowSliceContiguous(t *testing.T) {
	src := "import argparse\nimport numpy as np\n\np = argparse.ArgumentParser()\np.add_argument(\"--n\", type=int, default=200)\nargs = p.parse_args()\na = np.ones((args.n, args.n))\nb = a[1:, 0:] - 1.0\n"
	if r := scaledScope(t, src, Options{}, ""); r.PeakBytes != 638_400 || r.PeakExpr != "16*n**2 - 8*n" {
		t.Errorf("peak %d, peak_expr %q; want 638400 = 16*n**2 - 8*n", r.PeakBytes, r.PeakExpr)
	}
}

// A function on its own whose sizes come from its parameters' shapes has a formula in them
// (issue 10's x.shape[0] of a parameter): X.shape[0] and X.shape[1] of `n, d = X.shape`, len(X)
// of a parameter of unknown type; an assumption binds them (--assume X.shape[0]=5000), and
// fits_up_to is along the one asked for.
func TestScaleParameterSizes(t *testing.T) {
	src := `import numpy as np


def centers(X, k):
    n, d = X.shape
    labels = np.zeros(n, dtype=np.int64)
    dist = np.empty((n, k))
    return labels, dist


def pad_rows(X):
    return np.zeros((len(X) + 2, 3))
`
	for _, c := range []struct {
		fn, solveFor, want string
		assume             map[string]int64
		wantBytes          int64
	}{
		{"centers", "", "8*X.shape[0]*k + 8*X.shape[0]", nil, 0},
		{"pad_rows", "", "24*len(X) + 48", nil, 0},
		{"centers", "", "8*X.shape[0]*k + 8*X.shape[0]", map[string]int64{"X.shape[0]": 5000, "k": 10}, 440_000},
	} {
		r := scaledScope(t, src, Options{Function: c.fn, Assume: c.assume}, c.solveFor)
		if r.PeakExpr != c.want || (c.assume != nil && (r.PeakBytes != c.wantBytes || r.PeakIsLowerBound)) {
			t.Errorf("%s %v: peak %d (lower bound %v), peak_expr %q; want %q (%d B)", c.fn, c.assume, r.PeakBytes, r.PeakIsLowerBound, r.PeakExpr, c.want, c.wantBytes)
		}
	}
	target, _ := TargetOptions{Target: "l4"}.Resolve()
	r := scaledScope(t, src, Options{Function: "centers", Target: target, Assume: map[string]int64{"k": 10}}, "X.shape[0]")
	// 88 B per row: 24,152,899,584 / 88 = 274,464,768
	if r.FitsUpTo == nil || r.FitsUpTo.Symbol != "X.shape[0]" || r.FitsUpTo.Value != 274_464_768 {
		t.Errorf("fits_up_to %+v; want X.shape[0] = 274,464,768", r.FitsUpTo)
	}
	for _, s := range r.Symbols {
		if s.Name == "k" && s.Source == "parameter" {
			t.Errorf("k is assumed (10) but listed as free: %+v", r.Symbols)
		}
	}
}

// TestFitsUpToConstantPeak checks that a peak that does not move with the symbol is settled
// with one estimate at the end of the search's range (the doubling search made 40), and that a
// growing peak is still solved for.
func TestFitsUpToConstantPeak(t *testing.T) {
	calls := 0
	at := func(peak func(int64) int64) func(int64) (*Report, error) {
		return func(x int64) (*Report, error) {
			calls++
			fits := peak(x) <= 1000
			return &Report{PeakBytes: peak(x), Fits: &fits}, nil
		}
	}
	constant := func(int64) int64 { return 800 }
	up, err := fitsUpTo(10, []*big.Int{big.NewInt(800)}, 1000, at(constant))
	if err != nil || up != -1 || calls != 1 {
		t.Errorf("constant peak: fitsUpTo = %d, %v after %d estimates, want -1 after 1", up, err, calls)
	}
	calls = 0
	linear := func(x int64) int64 { return 8 * x }
	up, err = fitsUpTo(10, []*big.Int{big.NewInt(0), big.NewInt(8)}, 1000, at(linear))
	if err != nil || up != 125 || calls != 2 {
		t.Errorf("8·x: fitsUpTo = %d, %v after %d estimates, want 125 after 2", up, err, calls)
	}
	calls = 0
	up, err = fitsUpTo(10, []*big.Int{big.NewInt(2000)}, 1000, at(func(int64) int64 { return 2000 }))
	if err != nil || up != -1 {
		t.Errorf("constant peak over the target: fitsUpTo = %d, %v, want -1", up, err)
	}
}
