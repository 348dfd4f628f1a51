package lsp

import (
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/rules/peakmemory"
)

// The server's hovers and the AL101 check of one document version read one memory estimate:
// the version's memory analyzer result, handed to the driver, whose reports the hover shows.
func TestHoverAndRulesShareOneEstimate(t *testing.T) {
	srv, err := NewServer(Options{Rules: append([]*analyzer.Rule{peakmemory.Rule}, driver.ToolRules()...),
		SlowDelay: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	c := serve(t, srv)
	c.initialize(protocol.ClientCapabilities{}, "")
	src := "# arraylint: target l4\nimport numpy as np\nx = np.ones((40_000, 100_000))\n"
	c.open(testURI, 1, src)
	c.waitDiags(testURI, 1, hasCodes("AL101"))
	if h := hoverAt(t, c, 2, 0); h == nil {
		t.Fatal("no hover")
	}
	srv.mu.Lock()
	snap := srv.docs[testURI].snap
	srv.mu.Unlock()
	if snap.est == nil || snap.mem == nil {
		t.Fatalf("the version has no shared estimate (est %v, mem %v)", snap.est, snap.mem)
	}
	reports, err := snap.est.Reports()
	if err != nil || len(reports) == 0 || len(snap.mem.reports) == 0 || reports[0] != snap.mem.reports[0] {
		t.Errorf("the hover's reports are not the check's: %v %v", reports, snap.mem.reports)
	}
}

// The hover on an array sized by a command-line option shows its size as a formula in the
// option and the value the estimate used.
func TestHoverSymbolicSize(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	src := "import argparse\nimport numpy as np\np = argparse.ArgumentParser()\np.add_argument('--size', type=int, default=1000)\nargs = p.parse_args()\nn = args.size\ngrid = np.zeros((n, n))\n"
	c.open(testURI, 1, src)
	h := hoverAt(t, c, 6, 0)
	if h == nil {
		t.Fatal("no hover")
	}
	want := "grid: float64[size × size], 8·size² B = 7.6 MiB (8,000,000 bytes), allocated at line 7 by np.zeros((n, n)); with size = 1,000 (argparse default, line 4)"
	if got, _, _ := strings.Cut(h.Contents.Value, "\n"); got != want {
		t.Errorf("hover:\n%s\nwant\n%s", got, want)
	}
}
