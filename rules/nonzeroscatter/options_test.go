package nonzeroscatter_test

import (
	"slices"
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/nonzeroscatter"
)

// TestScaleOption checks the scale setting on a NumPy module: by default (auto, resolved to
// known in a module that is not written for scale) only the scatter into a known 80 MB array is
// reported; scale = "large", globally or for the rule, also reports the one into a spectrum given
// as a parameter; min-bytes 0 reports both whatever the scale.
func TestScaleOption(t *testing.T) {
	src := []byte("import numpy as np\n\n\ndef clip(counts):\n    out = 1.0 * counts\n" +
		"    out[np.where(out < 0.91)] = 0.91\n    return out\n\n\n" +
		"big = np.random.default_rng(0).random(10_000_000)\nbig[np.where(big < 0.5)] = 0.0\n")
	for _, c := range []struct {
		toml string
		want []int // lines with findings
	}{
		{"", []int{11}},
		{"scale = \"large\"\n", []int{6, 11}},
		{"[rules.AL301]\nscale = \"large\"\n", []int{6, 11}},
		{"scale = \"large\"\n[rules.AL301]\nscale = \"known\"\n", []int{11}},
		{"[rules.nonzero-scatter]\nscale = \"known\"\nmin-bytes = 0\n", []int{6, 11}},
	} {
		got := analysistest.FindingLines(t, nonzeroscatter.Rule, "pkg/spectra.py", src, c.toml)
		if !slices.Equal(got, c.want) {
			t.Errorf("config %q: findings on lines %v, want %v", c.toml, got, c.want)
		}
	}
	// the same module written for scale (it takes its array module as a value): auto counts the
	// mask as large when its size comes from a command-line option, and holds it back otherwise
	xp := []byte("def clip(xp, counts):\n    out = xp.zeros(counts.shape) + counts\n    out[xp.where(out < 0.91)] = 0.91\n    return out\n")
	if got := analysistest.FindingLines(t, nonzeroscatter.Rule, "pkg/spectra.py", xp, ""); len(got) != 0 {
		t.Errorf("array module as a value, size from no option: findings on lines %v, want none", got)
	}
	opt := append(append([]byte{}, xp...), []byte("\nif __name__ == \"__main__\":\n    import argparse\n    import numpy\n"+
		"    p = argparse.ArgumentParser()\n    p.add_argument(\"--n\", type=int, required=True)\n    a = p.parse_args()\n"+
		"    clip(numpy, numpy.ones((a.n, a.n)))\n")...)
	if got := analysistest.FindingLines(t, nonzeroscatter.Rule, "pkg/spectra.py", opt, ""); !slices.Equal(got, []int{3}) {
		t.Errorf("array module as a value, size from --n: findings on lines %v, want [3]", got)
	}
}

// TestStructuredMaskQuiet checks, with every array counted (min-bytes 0), that a scatter through
// the nonzero indices of an array the code makes with a structured dtype holding objects is not
// reported: no mask reads `x != 0` there (numpy's test of ticket #1299); the same scatter into a
// plain array of unknown dtype is, with an unsafe fix.
func TestStructuredMaskQuiet(t *testing.T) {
	src := []byte("import numpy as np\n\n\ndef f(y):\n    x = np.array([[(0, 'aaaa'), (1, 'bbbb')]], 'i8,O')\n" +
		"    x[x.nonzero()] = x.ravel()[:1]\n    y[np.nonzero(y)] = 0\n    return x, y\n")
	if got := analysistest.FindingLines(t, nonzeroscatter.Rule, "pkg/mod.py", src, "[rules.AL301]\nmin-bytes = 0\n"); !slices.Equal(got, []int{7}) {
		t.Errorf("findings on lines %v, want [7]", got)
	}
}
