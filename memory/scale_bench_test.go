package memory

import (
	"fmt"
	"strings"
	"testing"
)

// liveArrays returns a module of n statements that each allocate an array and keep it: the
// live set, and the peak, grow at every allocation.
func liveArrays(n int) string {
	var b strings.Builder
	b.WriteString("import numpy as np\n")
	for i := range n {
		fmt.Fprintf(&b, "a%d = np.zeros(%d)\n", i, 1000+i)
	}
	return b.String()
}

// BenchmarkLiveArrays estimates scopes with 200 to 3,200 live arrays (bench/memscale.sh prints
// the series and its growth ratios).
func BenchmarkLiveArrays(b *testing.B) {
	for _, n := range []int{200, 400, 800, 1600, 3200} {
		src := []byte(liveArrays(n))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				rs, err := EstimateSource("live.py", src, Options{})
				if err != nil || rs[0].PeakBytes == 0 {
					b.Fatal(err)
				}
			}
		})
	}
}
