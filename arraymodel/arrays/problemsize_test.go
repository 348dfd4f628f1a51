package arrays

import "testing"

// TestFromOption checks which sizes reach the program's command line: an option's dest through
// a call and arithmetic, a list built from one, a conditional on one, int(sys.argv[i]) — and not
// a parameter nothing calls, nor a name set from something else.
func TestFromOption(t *testing.T) {
	f, info := analyze(t, `import argparse
import sys
import numpy as np

def make(n, m):
    a = np.zeros((n, m))
    return a

def run(n, m):
    return make(n * 1000, m)

def orphan(k):
    b = np.zeros((k, k))
    return b

N = int(sys.argv[2])
c = np.zeros((N, N))
d = np.zeros((len(sys.path), 3))

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, required=True, dest="n")
    parser.add_argument("--cols", type=int, nargs="+", required=True, dest="m")
    args = parser.parse_args()
    ms = [x * 2 for x in args.m]
    run(args.n if args.n else 5, ms[0])
`)
	for _, c := range []struct {
		name string
		want bool
	}{
		{"a", true},  // n from --rows through run's arithmetic and a conditional
		{"b", false}, // k: a parameter nothing calls
		{"c", true},  // N from sys.argv
		{"d", false}, // len(sys.path): no command line
	} {
		n := lastName(f, c.name)
		a := mustArray(t, info, n, c.name)
		if got := info.FromOption(n, a); got != c.want {
			t.Errorf("FromOption(%s %v) = %v, want %v", c.name, a, got, c.want)
		}
	}
	if got, want := info.SizeSource(lastName(f, "c"), mustArray(t, info, lastName(f, "c"), "c")), "N: `int(sys.argv[2])` at line 16"; got != want {
		t.Errorf("SizeSource(c) = %q, want %q", got, want)
	}
}
