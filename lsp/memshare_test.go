package lsp

import (
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/rules/peakmemory"
)

// The server's hovers and the AL101 check of one document version read one memory estimate:
// the version's memory analyzer result, handed to the driver, whose reports the hover shows.
func TestHoverAndRulesShareOneEstimate(t *testing.T) {
	srv, err := NewServer(Options{Rules: append([]*analyzer.Rule{peakmemory.Rule}, analyzer.ToolRules()...),
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
