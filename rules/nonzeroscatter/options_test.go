package nonzeroscatter_test

import (
	"slices"
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/nonzeroscatter"
)

// TestDataSizedOption checks that data-sized = false leaves only arrays known to be large: the
// scatter into a spectrum given as a parameter goes quiet, the one into a known 80 MB array
// stays.
func TestDataSizedOption(t *testing.T) {
	src := []byte("import numpy as np\n\n\ndef clip(counts):\n    out = 1.0 * counts\n" +
		"    out[np.where(out < 0.91)] = 0.91\n    return out\n\n\n" +
		"big = np.random.default_rng(0).random(10_000_000)\nbig[np.where(big < 0.5)] = 0.0\n")
	for _, c := range []struct {
		toml string
		want []int // lines with findings
	}{
		{"", []int{6, 11}},
		{"[rules.AL301]\ndata-sized = true\n", []int{6, 11}},
		{"[rules.AL301]\ndata-sized = false\n", []int{11}},
		{"[rules.nonzero-scatter]\ndata-sized = false\nmin-bytes = 0\n", []int{6, 11}},
	} {
		got := analysistest.FindingLines(t, nonzeroscatter.Rule, "pkg/spectra.py", src, c.toml)
		if !slices.Equal(got, c.want) {
			t.Errorf("config %q: findings on lines %v, want %v", c.toml, got, c.want)
		}
	}
}
