package driver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/bench/cost"
)

// configScaleInputs are the configurations of BenchmarkConfigScale, by shape: a table header of
// n segments, a dotted key of n segments, and a per-file-ignores table of n entries (a
// pyproject.toml in a pull request can be any of them).
var configScaleInputs = map[string]func(n int) (name string, data []byte){
	"header": func(n int) (string, []byte) {
		return "arraylint.toml", []byte("[" + strings.TrimSuffix(strings.Repeat("a.", n), ".") + "]\nx = 1\n")
	},
	"dotted": func(n int) (string, []byte) {
		return "arraylint.toml", []byte(strings.TrimSuffix(strings.Repeat("a.", n), ".") + " = 1\n")
	},
	"per-file-ignores": func(n int) (string, []byte) {
		var b strings.Builder
		b.WriteString("[per-file-ignores]\n")
		for i := range n {
			fmt.Fprintf(&b, "\"d%d/*.py\" = [\"AL1\"]\n", i)
		}
		return "arraylint.toml", []byte(b.String())
	},
}

// BenchmarkConfigScale parses configurations of 10,000 to 1,000,000 segments or entries
// (bench/configscale.sh prints the medians and the growth per ×10, which is 10 when the cost is
// linear in the file's size), reporting the process's CPU time per parse as cpu-ns/op. Parse
// errors (an unknown key) are expected: the cost is reading.
func BenchmarkConfigScale(b *testing.B) {
	for _, shape := range []string{"header", "dotted", "per-file-ignores"} {
		for _, n := range []int{10_000, 100_000, 1_000_000} {
			name, data := configScaleInputs[shape](n)
			b.Run(fmt.Sprintf("%s/%d", shape, n), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				start := cost.CPUTime()
				for b.Loop() {
					ParseConfig(name, data)
				}
				// CPU time (the collector's included) depends far less on a loaded machine
				// than wall time.
				b.ReportMetric(float64(cost.CPUTime()-start)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
