package missingout_test

import (
	"slices"
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/missingout"
)

func TestMissingOut(t *testing.T) {
	// the positive fixtures are written for scale (scale = "large"); the negative ones run
	// under the default, where a NumPy module's arrays of unknown size are held back
	analysistest.RunWithConfig(t, analysistest.TestData(), missingout.Rule, "scale = \"large\"\n", true, "basic", "aliased")
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), missingout.Rule, "negative", "scaled")
}

// TestMinBytesOption checks that min-bytes and once-min-bytes from the configuration decide which
// arrays are large: a temporary made once (module level here) needs both, one made in a loop
// min-bytes only, and min-bytes 0 reports every temporary.
func TestMinBytesOption(t *testing.T) {
	src := []byte("import numpy as np\n\na = np.ones(1000)\nb = a + 1\nc = np.ones(100)\nd = c + 1\n" +
		"f = np.ones(1000)\nfor _ in range(3):\n    e = f * 2.0\n    t = e.sum()\n")
	for _, c := range []struct {
		toml string
		want []int // lines with findings
	}{
		{"", nil}, // default 1 MiB: 8,000 bytes is small
		{"[rules.AL304]\nmin-bytes = 4096\n", []int{9}}, // once, 8,000 bytes is under 64 MiB
		{"[rules.AL304]\nmin-bytes = 4096\nonce-min-bytes = 4096\n", []int{4, 9}},
		{"[rules.missing-out]\nmin-bytes = \"512B\"\nonce-min-bytes = \"512B\"\n", []int{4, 6, 9}},
		{"[rules.AL304]\nmin-bytes = 0\n", []int{4, 6, 9}},
	} {
		got := analysistest.FindingLines(t, missingout.Rule, "x.py", src, c.toml)
		if !slices.Equal(got, c.want) {
			t.Errorf("config %q: findings on lines %v, want %v", c.toml, got, c.want)
		}
	}
}

// TestCheckTestsOption checks that test code is quiet unless check-tests is set.
func TestCheckTestsOption(t *testing.T) {
	src := []byte("import numpy as np\n\na = np.ones(10_000_000)\nb = a + 1\n") // 80 MB, once
	for _, c := range []struct {
		toml string
		want int
	}{
		{"", 0},
		{"[rules.AL304]\ncheck-tests = true\n", 1},
	} {
		if n := len(analysistest.FindingLines(t, missingout.Rule, "pkg/tests/test_x.py", src, c.toml)); n != c.want {
			t.Errorf("config %q: %d findings in a test module, want %d", c.toml, n, c.want)
		}
	}
}
