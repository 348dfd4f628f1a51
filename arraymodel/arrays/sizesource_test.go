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

// TestSizeSourceParsedArgs checks that an attribute of a parse_args() result whose option's
// default the run cannot know (a random default) is described by its option.
func TestSizeSourceParsedArgs(t *testing.T) {
	f, info := analyze(t, `import argparse
import numpy as np

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=np.random.randint(1000, 1500))
    args = parser.parse_args()
    cfg = load()
    a = np.zeros((args.m, 4))
    b = np.zeros((cfg.m, 4))
`)
	a := mustArray(t, info, lastName(f, "a"), "a")
	if got, want := info.SizeSource(lastName(f, "a"), a), "args.m: `--m` (default np.random.randint(1000, 1500))"; got != want {
		t.Errorf("SizeSource(a) = %q, want %q", got, want)
	}
	b := mustArray(t, info, lastName(f, "b"), "b")
	if got := info.SizeSource(lastName(f, "b"), b); got != "" {
		t.Errorf("SizeSource(b) = %q, want none: cfg is no parsed command line", got)
	}
	var none ast.Node = f.Module
	if got := info.SizeSource(none, &Array{}); got != "" {
		t.Errorf("SizeSource of an array without symbols = %q", got)
	}
}

// TestSizeSourceConstants: a known size says where its lengths are written when that is not the
// call that makes the array — a module constant (with its formula's symbol), or the names a
// shape built from a table reads; lengths written in the call itself need no source.
func TestSizeSourceConstants(t *testing.T) {
	f, info := analyze(t, `import numpy as np

N = 10_000_000
extent = {'m': 96, 'n': 64}
mode = ('m', 'n')

a = np.zeros(N)
b = np.random.random([extent[i] for i in mode])
c = np.zeros((300, 200))
`)
	for _, c := range []struct{ name, want string }{
		{"a", "shape (10000000,) from `N` at line 3"},
		{"b", "shape (96, 64) from `extent` at line 4, `mode` at line 5"},
		{"c", ""},
	} {
		n := lastName(f, c.name)
		a := mustArray(t, info, n, c.name)
		if got := info.SizeSource(n, a); got != c.want {
			t.Errorf("SizeSource(%s) = %q, want %q", c.name, got, c.want)
		}
	}
}
