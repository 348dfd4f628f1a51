package memory

import (
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/pyparse"
)

// symbolsOf returns a report's symbols by name.
func symbolsOf(r *Report) map[string]Symbol {
	out := map[string]Symbol{}
	for _, s := range r.Symbols {
		out[s.Name] = s
	}
	return out
}

// TestAssumeSources tells the three layers of assumptions apart: --assume (A), the file's
// comment (C, and D which the flag overrides) and [tool.arraylint.memory.assume] (B, and E
// which the comment overrides), through Resolve as check, mem and the server call it.
func TestAssumeSources(t *testing.T) {
	src := "import numpy as np\n# arraylint: assume C=4, D=5\n# arraylint: assume E=6\nx = np.zeros((A, B, C, D, E), dtype=np.int8)\n"
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	flags := Settings{Assume: map[string]int64{"A": 2, "D": 7}}
	config := Settings{Assume: map[string]int64{"B": 3, "E": 8}}
	opts, err := Resolve(f, "t.py", flags, config)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Estimate(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rs[0].PeakBytes != 2*3*4*7*6 {
		t.Errorf("peak %d, want %d", rs[0].PeakBytes, 2*3*4*7*6)
	}
	want := map[string]Symbol{
		"A": {Name: "A", Value: int64(2), Source: absint.SourceAssume},
		"B": {Name: "B", Value: int64(3), Source: absint.SourceConfig},
		"C": {Name: "C", Value: int64(4), Source: absint.SourceComment, Line: 2},
		"D": {Name: "D", Value: int64(7), Source: absint.SourceAssume},
		"E": {Name: "E", Value: int64(6), Source: absint.SourceComment, Line: 3},
	}
	got := symbolsOf(rs[0])
	if len(got) != len(want) {
		t.Errorf("symbols %+v, want %+v", rs[0].Symbols, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("symbol %s = %+v, want %+v", k, got[k], w)
		}
	}
	text := rs[0].SymbolsText()
	for _, part := range []string{"A = 2 (assumed)", "B = 3 (assumed in config)", "C = 4 (assume comment, line 2)"} {
		if !strings.Contains(text, part) {
			t.Errorf("symbols text %q lacks %q", text, part)
		}
	}
}

// TestAssumeSourcesWithoutResolve: a caller that gives Estimate assumptions without origins
// (a library user) has them counted as the command line's, and the file's comments as comments.
func TestAssumeSourcesWithoutResolve(t *testing.T) {
	src := "import numpy as np\n# arraylint: assume C=4, A=9\nx = np.zeros((A, C), dtype=np.int8)\n"
	got := symbolsOf(estimate(t, src, Options{Assume: map[string]int64{"A": 2}})[0])
	if got["A"] != (Symbol{Name: "A", Value: int64(2), Source: absint.SourceAssume}) || got["C"] != (Symbol{Name: "C", Value: int64(4), Source: absint.SourceComment, Line: 2}) {
		t.Errorf("symbols %+v: want A assumed (2) and C from the comment on line 2", got)
	}
}

// TestProgramSources: the values a function estimated on its own takes from its file — the only
// call's constant (call-site), a parameter default (parameter-default), a module constant
// (constant), an argparse default and an array-module parameter by its name (convention) — each
// with its line, listed only when the scope reads it.
func TestProgramSources(t *testing.T) {
	src := `import argparse
import numpy as np

ROWS = 300
DT = np.float32
parser = argparse.ArgumentParser()
parser.add_argument("--cols", type=int, default=40)
args = parser.parse_args()

def grid(n, m=50, verbose=False, scale=2):
    scale = 3
    return np.zeros((n, m, scale), dtype=np.int8)

def table():
    return np.zeros((ROWS, args.cols), dtype=DT)

def kernel(xp, k):
    return xp.ones(k, dtype=np.int8)

grid(20, verbose=True)
`
	rs := estimate(t, src, Options{})
	by := map[string]*Report{}
	for _, r := range rs {
		by[r.Scope] = r
	}
	cases := []struct {
		scope string
		peak  int64
		want  []Symbol
	}{
		// verbose (passed, never read) and scale (rebound before its read) are not listed.
		{"grid", 20 * 50 * 3, []Symbol{
			{Name: "n", Value: int64(20), Source: absint.SourceCallSite, Line: 20},
			{Name: "m", Value: int64(50), Source: absint.SourceParameterDefault, Line: 10},
		}},
		{"table", 300 * 40 * 4, []Symbol{
			{Name: "ROWS", Value: int64(300), Source: absint.SourceConstant, Line: 4},
			{Name: "cols", Value: int64(40), Source: absint.SourceArgparseDefault, Line: 7},
			{Name: "DT", Value: "float32", Source: absint.SourceConstant, Line: 5, Expr: true},
		}},
		{"kernel", 0, []Symbol{{Name: "xp", Value: "numpy", Source: absint.SourceConvention, Line: 17}}},
	}
	for _, c := range cases {
		r := by[c.scope]
		if r == nil {
			t.Fatalf("no report for %s", c.scope)
		}
		if r.PeakBytes != c.peak || len(r.Symbols) != len(c.want) {
			t.Errorf("%s: peak %d, symbols %+v; want %d, %+v", c.scope, r.PeakBytes, r.Symbols, c.peak, c.want)
			continue
		}
		for i, w := range c.want {
			if r.Symbols[i] != w {
				t.Errorf("%s: symbol %d = %+v, want %+v", c.scope, i, r.Symbols[i], w)
			}
		}
	}
	if got := by["table"].SymbolsText(); got != "with ROWS = 300 (module constant, line 4), cols = 40 (argparse default, line 7), DT = float32 (module constant, line 5)" {
		t.Errorf("table's symbols text %q", got)
	}
	if got := by["grid"].BindingsNote(); got != ", with n = 20 (call site), m = 50 (parameter default)" {
		t.Errorf("grid's bindings note %q", got)
	}
	// An assumption outranks the call site and the default.
	g := symbolsOf(estimate(t, src, Options{Function: "grid", Assume: map[string]int64{"n": 7, "m": 2}})[0])
	if g["n"].Source != absint.SourceAssume || g["m"].Source != absint.SourceAssume {
		t.Errorf("assumed n and m: symbols %+v", g)
	}
}

// TestCallSiteNeedsOneConstantCall: no call-site value when a function has two calls, is used
// other than by a call, or is passed a caller's local variable.
func TestCallSiteNeedsOneConstantCall(t *testing.T) {
	for name, tail := range map[string]string{
		"two calls":   "f(10)\nf(20)\n",
		"escapes":     "f(10)\ncallbacks = [f]\n",
		"local value": "def main():\n    k = 10\n    f(k)\n",
		"star args":   "f(*(10,))\n",
	} {
		src := "import numpy as np\n\ndef f(n):\n    return np.zeros(n)\n\n" + tail
		r := estimate(t, src, Options{Function: "f"})[0]
		if len(r.Symbols) != 0 || !r.PeakIsLowerBound {
			t.Errorf("%s: f's symbols %+v, lower bound %v; want n unknown", name, r.Symbols, r.PeakIsLowerBound)
		}
	}
}

// TestScaleModuleConstant: a module constant a function reads is the symbol its peak formula is
// in, varied by Scale like an assumed value.
func TestScaleModuleConstant(t *testing.T) {
	src := "import numpy as np\nN = 1000\n\ndef f():\n    return np.zeros((N, N))\n"
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	target, err := TargetOptions{Target: "h100"}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Path: "t.py", Function: "f", Target: target}
	rs, err := Estimate(f, opts)
	if err == nil {
		err = Scale(f, opts, rs, "")
	}
	if err != nil {
		t.Fatal(err)
	}
	if rs[0].PeakExpr != "8*N**2" || rs[0].FitsUpTo == nil || rs[0].FitsUpTo.Symbol != "N" {
		t.Errorf("peak_expr %q, fits_up_to %+v; want 8*N**2 and a largest N", rs[0].PeakExpr, rs[0].FitsUpTo)
	}
}
