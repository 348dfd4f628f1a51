package arrays

import (
	"testing"

	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// TestCommandLineEntryPoints checks that the rules' runs take the values a program runs with by
// default from each way it reads its command line: optparse, sys.argv with a stated fallback, a
// harness handed the argparse parser, and a branch on an option's default.
func TestCommandLineEntryPoints(t *testing.T) {
	for _, c := range []struct {
		name, src string
		bytes     int64
		dt        npapi.DType
	}{
		{"optparse", `import optparse
import numpy as np
parser = optparse.OptionParser()
parser.add_option("-n", "--num", type="int", default=4000, dest="n")
(options, args) = parser.parse_args()
n = options.n
a = np.zeros(n)
`, 32000, npapi.Float64},
		{"sys.argv", `import sys
import numpy as np
n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
a = np.zeros(n)
`, 24000, npapi.Float64},
		{"harness", `import argparse
import numpy as np
parser = argparse.ArgumentParser()
parser.add_argument("--num", type=int, default=500, dest="n")
args, harness = parse_with_harness(parser)
a = np.zeros(args.n)
`, 4000, npapi.Float64},
		{"option branch", `import argparse
import numpy as np
parser = argparse.ArgumentParser()
parser.add_argument("--precision", type=int, default=32, dest="P")
args = parser.parse_args()
if args.P == 16:
    dt = np.float16
elif args.P == 32:
    dt = np.float32
else:
    dt = np.float64
a = np.zeros(10, dtype=dt)
`, 40, npapi.Float32},
	} {
		f, info := analyze(t, c.src)
		a := mustArray(t, info, lastName(f, "a"), c.name)
		if n, ok := a.NBytes(); !ok || n != c.bytes || a.DType != c.dt {
			t.Errorf("%s: a = %s (%d bytes, known %v), want %d bytes of %s", c.name, a, n, ok, c.bytes, c.dt)
		}
	}
}
