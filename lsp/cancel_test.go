package lsp

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
	"golang.org/x/tools/go/analysis"
)

// gate is a test rule that counts its runs and how many are in flight at once, and blocks on
// files containing BLOCK until the test opens the gate.
type gate struct {
	mu       sync.Mutex
	open     chan struct{}
	entered  chan string // receives each blocked run's source
	runs     []string    // the source of every run, in order
	inFlight int
	maxIn    int
	rule     *analyzer.Rule
}

func newGate() *gate {
	g := &gate{open: make(chan struct{}), entered: make(chan string, 100)}
	g.rule = analyzer.MustRule(analyzer.RuleSpec{
		Code: "AL396", Name: "test-gate", Since: "0.0.0", Summary: "test rule that blocks on a gate",
		Severity: analyzer.Warning, Requires: []*analysis.Analyzer{pyinspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			src := string(pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result).File.Src)
			g.mu.Lock()
			g.runs = append(g.runs, src)
			g.inFlight++
			g.maxIn = max(g.maxIn, g.inFlight)
			g.mu.Unlock()
			if strings.Contains(src, "BLOCK") {
				g.entered <- src
				<-g.open
			}
			g.mu.Lock()
			g.inFlight--
			g.mu.Unlock()
			return nil, nil
		},
	})
	return g
}

// TestOneAnalysisPerDocument edits a document five times while its first analysis is blocked:
// no second analysis starts until the first stops, the versions in between are never analysed,
// and only the last version is published.
func TestOneAnalysisPerDocument(t *testing.T) {
	g := newGate()
	c := start(t, Options{Rules: append(testRules(), g.rule)})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "BLOCK = 1\n")
	<-g.entered
	for v := int32(2); v <= 6; v++ {
		c.change(testURI, v, protocol.TextDocumentContentChangeEvent{Text: fmt.Sprintf("v%d = np.zeros(1)\n", v)})
	}
	// A request is handled after the notifications before it: every change is applied.
	if err := c.call(protocol.MethodCodeAction, protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, nil); err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	if g.inFlight != 1 || len(g.runs) != 1 {
		t.Errorf("while the first run is blocked: %d runs in flight, %d started; want 1 and 1", g.inFlight, len(g.runs))
	}
	g.mu.Unlock()
	close(g.open)
	c.waitDiags(testURI, 6, hasCodes("AL391"))
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.maxIn != 1 {
		t.Errorf("%d analyses of one document in flight at once, want 1", g.maxIn)
	}
	if len(g.runs) != 2 || g.runs[1] != "v6 = np.zeros(1)\n" {
		t.Errorf("analysed %q, want the first and the last version only", g.runs)
	}
	for _, p := range c.published(testURI) {
		if *p.Version != 6 {
			t.Errorf("published version %d: superseded runs must not publish", *p.Version)
		}
	}
}

// TestEditRetiresSnapshot checks that an edit and a close cancel the context of the snapshot
// they replace, which stops its memory estimate.
func TestEditRetiresSnapshot(t *testing.T) {
	srv, err := NewServer(Options{Rules: testRules()})
	if err != nil {
		t.Fatal(err)
	}
	c := serve(t, srv)
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "a = 1\n")
	c.waitDiags(testURI, 1, nil)
	snap := currentSnapshot(srv, testURI)
	c.change(testURI, 2, protocol.TextDocumentContentChangeEvent{Text: "a = 2\n"})
	c.waitDiags(testURI, 2, nil)
	if snap.ctx.Err() == nil {
		t.Error("version 1's context is live after the edit")
	}
	snap2 := currentSnapshot(srv, testURI)
	if snap2.ctx.Err() != nil {
		t.Error("the current version's context is done")
	}
	c.notify(protocol.MethodDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}})
	c.call(protocol.MethodCodeAction, protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, nil)
	if snap2.ctx.Err() == nil {
		t.Error("version 2's context is live after the close")
	}
}

func currentSnapshot(srv *Server, uri protocol.DocumentURI) *Snapshot {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return srv.docs[uri].snap
}

// TestCancelHoverAndInlayHints cancels a hover and an inlay hint request whose memory estimate
// is blocked (the test holds the snapshot's parse lock): each is answered with RequestCancelled
// at once, and once the parse is free the same requests are answered.
func TestCancelHoverAndInlayHints(t *testing.T) {
	srv, err := NewServer(Options{Rules: testRules()})
	if err != nil {
		t.Fatal(err)
	}
	c := serve(t, srv)
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "import numpy as np\nx = np.zeros((1024, 1024))\n")
	c.waitDiags(testURI, 1, nil)
	snap := currentSnapshot(srv, testURI)
	snap.parseMu.Lock()
	locked := true
	defer func() {
		if locked {
			snap.parseMu.Unlock()
		}
	}()
	uri := `{"uri":"` + string(testURI) + `"}`
	for _, req := range []struct{ id, method, params string }{
		{"hover-1", protocol.MethodHover, `{"textDocument":` + uri + `,"position":{"line":1,"character":0}}`},
		{"hints-1", protocol.MethodInlayHint, `{"textDocument":` + uri + `,"range":{"start":{"line":0,"character":0},"end":{"line":2,"character":0}}}`},
	} {
		from := c.mark()
		writeRaw(t, c, `{"jsonrpc":"2.0","id":"`+req.id+`","method":"`+req.method+`","params":`+req.params+`}`)
		c.notify(protocol.MethodCancelRequest, map[string]string{"id": req.id})
		c.waitFor(req.method+" cancelled", from, func(m message) bool {
			return m.method == "client-error" && strings.Contains(string(m.params), req.id) &&
				strings.Contains(string(m.params), fmt.Sprintf("error %d", jsonrpc2.CodeRequestCancelled))
		})
	}
	snap.parseMu.Unlock()
	locked = false
	var hover *protocol.Hover
	if err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI},
		Position: protocol.Position{Line: 1}}, &hover); err != nil || hover == nil {
		t.Errorf("hover after the cancelled one: %+v, %v", hover, err)
	}
	var hints []protocol.InlayHint
	if err := c.call(protocol.MethodInlayHint, protocol.InlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI},
		Range: protocol.Range{End: protocol.Position{Line: 2}}}, &hints); err != nil || len(hints) != 1 {
		t.Errorf("inlay hints after the cancelled request: %+v, %v", hints, err)
	}
}
