package lsp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// BenchmarkHoverLiveArrays is the hover on the last line of a module that keeps n arrays alive:
// the server estimates the file's memory once per version, so each hover after the first reads
// that estimate (bench/memscale.sh runs it with the memory estimate's own series).
func BenchmarkHoverLiveArrays(b *testing.B) {
	for _, n := range []int{200, 800, 3200} {
		var src strings.Builder
		src.WriteString("import numpy as np\n# arraylint: target h100\n")
		for i := range n {
			fmt.Fprintf(&src, "a%d = np.zeros(%d)\n", i, 1000+i)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			c := start(b, Options{Rules: testRules()})
			c.initialize(protocol.ClientCapabilities{}, "")
			version := int32(0)
			for b.Loop() {
				// A new version each time: the hover pays for a fresh estimate, as after an edit.
				version++
				c.open(testURI, version, src.String())
				if h := hoverAt(b, c, uint32(n+1), 0); h == nil {
					b.Fatal("no hover")
				}
			}
		})
	}
}
