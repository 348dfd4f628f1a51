package memory

import (
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/absint"
)

// Sizes from the command line are the argparse defaults, through a function call, and the
// report says which values it used and where they are given.
func TestArgparseDefaults(t *testing.T) {
	src := `import argparse
import numpy as np


def run(n, k):
    a = np.ones((n, k))
    b = a * 2.0
    return b


def main():
    p = argparse.ArgumentParser()
    p.add_argument("-n", "--rows", type=int, default=1000)
    p.add_argument("--cols", default="500", type=int)
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    if args.verbose:
        print("go")
    run(args.rows, args.cols)


if __name__ == "__main__":
    main()
`
	r := estimate(t, src, Options{})[0]
	if r.PeakBytes != 8_000_000 || r.PeakLine != 23 || r.PeakIsLowerBound {
		t.Errorf("peak %d at line %d (lower bound %v), want 8000000 at line 23", r.PeakBytes, r.PeakLine, r.PeakIsLowerBound)
	}
	var got []string
	for _, s := range r.Symbols {
		got = append(got, s.Name+"="+symbolValue(s.Value)+"@"+s.Source+":"+Commas(int64(s.Line)))
	}
	want := "verbose=False@argparse-default:15 rows=1,000@argparse-default:13 cols=500@argparse-default:14"
	if strings.Join(got, " ") != want {
		t.Errorf("symbols %q, want %q", strings.Join(got, " "), want)
	}
	var txt strings.Builder
	if err := WriteText(&txt, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "rows = 1,000 (argparse default, line 13)") {
		t.Errorf("text report does not cite the argparse default:\n%s", txt.String())
	}

	// run estimated on its own takes the options its only call passes: the same arrays, the
	// same bindings, not a lower bound of 0 B over parameters of unknown type
	run := byScope(estimate(t, src, Options{}))["run"]
	got = got[:0]
	for _, s := range run.Symbols {
		got = append(got, s.Name+"="+symbolValue(s.Value)+"@"+s.Source+":"+Commas(int64(s.Line)))
	}
	if run.PeakBytes != 8_000_000 || run.PeakLine != 7 || run.PeakIsLowerBound ||
		strings.Join(got, " ") != "rows=1,000@argparse-default:13 cols=500@argparse-default:14" {
		t.Errorf("run: peak %d at line %d (lower bound %v), symbols %q; want 8000000 at line 7 with rows and cols",
			run.PeakBytes, run.PeakLine, run.PeakIsLowerBound, strings.Join(got, " "))
	}
}

// An array module handed to a function as a parameter: taken as the module the caller passes
// when it is called, estimated on its own as the module its only call site passes (run), and
// otherwise as the library its name says (make, called with run's own parameter).
func TestArrayModuleParameter(t *testing.T) {
	src := `import cupy

def make(np, n):
    return np.random.rand(n, n)

def run(np, n):
    a = make(np, n)
    return a.sum()

out = run(cupy, 1000)
`
	rs := estimate(t, src, Options{Assume: map[string]int64{"n": 1000}})
	byScope := map[string]*Report{}
	for _, r := range rs {
		byScope[r.Scope] = r
	}
	if r := byScope["<module>"]; r.PeakBytes != 8_000_000 || r.Backend != BackendCuPy {
		t.Errorf("module: peak %d on %s, want 8000000 on cupy", r.PeakBytes, r.Backend)
	}
	r := byScope["run"]
	if got := symbolsOf(r); r.PeakBytes != 8_000_000 || len(r.Symbols) != 2 ||
		got["np"] != (Symbol{Name: "np", Value: "cupy", Source: absint.SourceCallSite, Line: 10, Expr: true}) ||
		got["n"] != (Symbol{Name: "n", Value: int64(1000), Source: absint.SourceAssume}) {
		t.Errorf("run: peak %d, symbols %+v; want 8000000, np = cupy from the call on line 10 and n assumed", r.PeakBytes, r.Symbols)
	}
	r = byScope["make"]
	if r.PeakBytes != 8_000_000 || len(r.Symbols) != 2 || r.Symbols[0].Source != absint.SourceConvention || r.Symbols[0].Value != "numpy" {
		t.Errorf("make: peak %d, symbols %+v; want 8000000, np taken as numpy by convention", r.PeakBytes, r.Symbols)
	}
}

// A size list parsed from a command-line string the user assumes (benchpress's harness:
// `args.size = [eval(i) for i in args.size.split("*")]`): str.split of known text, eval of its
// numbers, and the program's own store on the parsed namespace, read back later.
func TestSizeStringOnTheCommandLine(t *testing.T) {
	src := `import argparse
import numpy as np

p = argparse.ArgumentParser()
p.add_argument("size")
p.add_argument("--dtype", default="float64")
args = p.parse_args()
args.size = [eval(i) for i in args.size.split("*")]
a = np.ones((args.size[0], args.size[1]))
`
	r := estimate(t, src, Options{AssumeExprs: map[string]string{"size": "'300*200*1'"}})[0]
	if r.PeakIsLowerBound || r.PeakBytes != 480_000 {
		t.Errorf("peak %d (lower bound %v, unknown %+v), want 480000", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
}
