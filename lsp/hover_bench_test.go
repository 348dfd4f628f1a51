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

// BenchmarkHoverManyScopes is the hover in one function of a module of n functions whose sizes
// depend on their parameters (library code): giving sizes as formulas estimates a scope again
// several times, so the hover pays for its own scope only.
func BenchmarkHoverManyScopes(b *testing.B) {
	for _, n := range []int{25, 100} {
		var src strings.Builder
		src.WriteString("import numpy as np\n")
		for i := range n {
			fmt.Fprintf(&src, "def f%d(x, n, m):\n    a = np.zeros((n, m))\n    b = a * x\n    return b.sum()\n", i)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			c := start(b, Options{Rules: testRules()})
			c.initialize(protocol.ClientCapabilities{}, "")
			version := int32(0)
			for b.Loop() {
				version++ // a new version each time: the hover pays for a fresh estimate
				c.open(testURI, version, src.String())
				if h := hoverAt(b, c, 3, 4); h == nil {
					b.Fatal("no hover")
				}
			}
		})
	}
}
