package arrays

import (
	"testing"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// TestSizeSource checks that a size's symbols are followed through the file's calls to the
// command-line option they come from, with the size at the defaults when nothing rebinds them.
func TestSizeSource(t *testing.T) {
	f, info := analyze(t, `import argparse
import numpy as np

def make(n, m):
    a = np.zeros((n, m))
    return a

def scaled(k):
    b = np.ones(k)
    return b

def run(n, m, k):
    k *= 1000
    return make(n, m), scaled(k)

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100, dest="n")
    parser.add_argument("--cols", type=int, nargs="+", default=[50], dest="m")
    parser.add_argument("-k", "--kilo", type=int, default=3, dest="k")
    args = parser.parse_args()
    run(args.n, args.m, args.k)
`)
	for _, c := range []struct{ name, want string }{
		{"a", "n: `--rows` (default 100), through run; m: `--cols` (default [50]), through run; 40,000 bytes at the defaults"},
		{"b", "k: `--kilo` (default 3), through run (rebound at line 13)"},
	} {
		n := lastName(f, c.name)
		a := mustArray(t, info, n, c.name)
		if got := info.SizeSource(n, a); got != c.want {
			t.Errorf("SizeSource(%s) = %q, want %q", c.name, got, c.want)
		}
	}
	var none ast.Node = f.Module
	if got := info.SizeSource(none, &Array{}); got != "" {
		t.Errorf("SizeSource of an array without symbols = %q", got)
	}
}
