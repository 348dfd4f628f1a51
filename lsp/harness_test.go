package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/pyparse"
	"golang.org/x/tools/go/analysis"
)

// This file defines the test harness: test-only rules and a client talking to a Server over an
// in-memory pipe.

// textRule builds a test-only rule that reports each occurrence of needle in the source.
func textRule(code, name, needle string, sev analyzer.Severity, fix func(pass *analysis.Pass, in *pyinspect.Result, at pyparse.Range) *analysis.SuggestedFix) *analyzer.Rule {
	return analyzer.MustRule(analyzer.RuleSpec{
		Code: code, Name: name, Since: "0.0.0", Summary: "test rule finding " + needle,
		Severity: sev, Fix: analyzer.FixSometimes,
		Requires: []*analysis.Analyzer{pyinspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
			src := string(in.File.Src)
			for i := 0; ; {
				j := strings.Index(src[i:], needle)
				if j < 0 {
					break
				}
				at := pyparse.Range{Start: pyparse.Offset(i + j), End: pyparse.Offset(i + j + len(needle))}
				d := in.DiagnosticRange(at, "`%s` found", needle)
				if fix != nil {
					if f := fix(pass, in, at); f != nil {
						d.SuggestedFixes = []analysis.SuggestedFix{*f}
					}
				}
				pass.Report(d)
				i += j + len(needle)
			}
			return nil, nil
		},
	})
}

var (
	// ruleZeros reports np.zeros with a safe fix to np.empty.
	ruleZeros = textRule("AL391", "test-zeros", "np.zeros", analyzer.Warning,
		func(pass *analysis.Pass, in *pyinspect.Result, at pyparse.Range) *analysis.SuggestedFix {
			return &analysis.SuggestedFix{Message: "Replace with `np.empty`", TextEdits: []analysis.TextEdit{in.ReplaceRange(at, "np.empty")}}
		})
	// ruleCopy reports .copy() with an unsafe fix that deletes it.
	ruleCopy = textRule("AL392", "test-copy", ".copy()", analyzer.Info,
		func(pass *analysis.Pass, in *pyinspect.Result, at pyparse.Range) *analysis.SuggestedFix {
			f := &analysis.SuggestedFix{Message: "Remove the copy", TextEdits: []analysis.TextEdit{in.ReplaceRange(at, "")}}
			analyzer.SetApplicability(pass, f, analyzer.Unsafe)
			return f
		})
	// rulePeak is a slow (memory-category) rule reporting np.ones.
	rulePeak = textRule("AL191", "test-peak", "np.ones", analyzer.Error, nil)
	// rulePanic panics on files containing PANIC.
	rulePanic = analyzer.MustRule(analyzer.RuleSpec{
		Code: "AL393", Name: "test-panic", Since: "0.0.0", Summary: "test rule that panics",
		Severity: analyzer.Warning, Requires: []*analysis.Analyzer{pyinspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			if strings.Contains(string(pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result).File.Src), "PANIC") {
				panic("test rule panicked")
			}
			return nil, nil
		},
	})
	// ruleRelated reports `use(` with a related location at the first `def `.
	ruleRelated = analyzer.MustRule(analyzer.RuleSpec{
		Code: "AL395", Name: "test-related", Since: "0.0.0", Summary: "test rule with related information",
		Severity: analyzer.Error, Requires: []*analysis.Analyzer{pyinspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
			src := string(in.File.Src)
			u, d := strings.Index(src, "use("), strings.Index(src, "def ")
			if u < 0 || d < 0 {
				return nil, nil
			}
			diag := in.DiagnosticRange(pyparse.Range{Start: pyparse.Offset(u), End: pyparse.Offset(u + 3)}, "used here")
			diag.Related = []analysis.RelatedInformation{{
				Pos: in.Pos(pyparse.Offset(d)), End: in.Pos(pyparse.Offset(d + 3)), Message: "defined here",
			}}
			pass.Report(diag)
			return nil, nil
		},
	})
	// slowGate blocks ruleSlow on files containing SLOW until the test closes it.
	slowGate   = make(chan struct{})
	slowGateMu sync.Mutex
	ruleSlow   = analyzer.MustRule(analyzer.RuleSpec{
		Code: "AL394", Name: "test-slow", Since: "0.0.0", Summary: "test rule that blocks",
		Severity: analyzer.Warning, Requires: []*analysis.Analyzer{pyinspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			if strings.Contains(string(pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result).File.Src), "SLOW") {
				slowGateMu.Lock()
				g := slowGate
				slowGateMu.Unlock()
				select {
				case <-g:
				case <-time.After(5 * time.Second):
				}
			}
			return nil, nil
		},
	})
)

// testRules are the rules most tests run: the test rules and the tool rules.
func testRules() []*analyzer.Rule {
	return append([]*analyzer.Rule{ruleZeros, ruleCopy, rulePanic}, driver.ToolRules()...)
}

// message is a notification or request the server sent to the test client.
type message struct {
	method string
	params json.RawMessage
}

// client is the test's side of the connection.
type client struct {
	t    testing.TB
	conn *jsonrpc2.Conn
	raw  net.Conn // the client's end, for writing malformed bytes
	exit chan int

	mu       sync.Mutex
	messages []message
	changed  chan struct{} // closed and replaced on every message
}

// start runs a server with opts on an in-memory pipe and returns its client, not yet initialized.
func start(t testing.TB, opts Options) *client {
	t.Helper()
	srv, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	return serve(t, srv)
}

// serve runs srv on an in-memory pipe and returns its client, not yet initialized.
func serve(t testing.TB, srv *Server) *client {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	c := &client{t: t, raw: clientEnd, exit: make(chan int, 1), changed: make(chan struct{})}
	go func() { c.exit <- srv.Serve(context.Background(), serverEnd, serverEnd) }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(clientEnd), jsonrpc2.HandlerFunc(c.handle), func(err error) {
		c.record(message{method: "client-error", params: json.RawMessage(`"` + err.Error() + `"`)})
	})
	go c.conn.Run(context.Background())
	t.Cleanup(func() {
		clientEnd.Close()
		serverEnd.Close()
	})
	return c
}

func (c *client) handle(ctx context.Context, req *jsonrpc2.Request, reply jsonrpc2.Replier) {
	c.record(message{method: req.Method, params: req.Params})
	reply(nil, nil)
}

func (c *client) record(m message) {
	c.mu.Lock()
	c.messages = append(c.messages, m)
	close(c.changed)
	c.changed = make(chan struct{})
	c.mu.Unlock()
}

// initialize sends initialize (with caps) and initialized.
func (c *client) initialize(caps protocol.ClientCapabilities, root string) *protocol.InitializeResult {
	c.t.Helper()
	p := protocol.InitializeParams{Capabilities: caps}
	if root != "" {
		p.WorkspaceFolders = []protocol.WorkspaceFolder{{URI: pathToURI(root), Name: "root"}}
	}
	var res protocol.InitializeResult
	if err := c.call(protocol.MethodInitialize, p, &res); err != nil {
		c.t.Fatalf("initialize: %v", err)
	}
	c.notify(protocol.MethodInitialized, struct{}{})
	return &res
}

func (c *client) call(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	return c.conn.Call(ctx, method, params, result)
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(method, params); err != nil {
		c.t.Fatalf("notify %s: %v", method, err)
	}
}

func (c *client) open(uri protocol.DocumentURI, version int32, text string) {
	c.notify(protocol.MethodDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "python", Version: version, Text: text,
	}})
}

func (c *client) change(uri protocol.DocumentURI, version int32, changes ...protocol.TextDocumentContentChangeEvent) {
	c.notify(protocol.MethodDidChange, protocol.DidChangeTextDocumentParams{
		TextDocument: protocol.VersionedTextDocumentIdentifier{URI: uri, Version: version}, ContentChanges: changes,
	})
}

// waitFor waits until a message satisfies ok and returns the first such message after index from.
// It fails the test after a timeout.
func (c *client) waitFor(what string, from int, ok func(message) bool) (message, int) {
	c.t.Helper()
	deadline := time.After(90 * time.Second) // generous: the 10 MB test under -race
	for {
		c.mu.Lock()
		for i := from; i < len(c.messages); i++ {
			if ok(c.messages[i]) {
				m := c.messages[i]
				c.mu.Unlock()
				return m, i
			}
		}
		from = len(c.messages)
		ch := c.changed
		c.mu.Unlock()
		select {
		case <-ch:
		case <-deadline:
			c.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// mark returns the index of the next message, for waitFor.
func (c *client) mark() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.messages)
}

// waitDiags waits for diagnostics of uri at version that satisfy ok (nil: any).
func (c *client) waitDiags(uri protocol.DocumentURI, version int32, ok func([]protocol.Diagnostic) bool) protocol.PublishDiagnosticsParams {
	c.t.Helper()
	var got protocol.PublishDiagnosticsParams
	c.waitFor("diagnostics", 0, func(m message) bool {
		if m.method != protocol.MethodPublishDiagnostics {
			return false
		}
		var p protocol.PublishDiagnosticsParams
		if err := json.Unmarshal(m.params, &p); err != nil || p.URI != uri || p.Version == nil || *p.Version != version {
			return false
		}
		if ok != nil && !ok(p.Diagnostics) {
			return false
		}
		got = p
		return true
	})
	return got
}

// waitLog waits for a window/logMessage or showMessage containing sub.
func (c *client) waitLog(from int, sub string) {
	c.t.Helper()
	c.waitFor("log "+sub, from, func(m message) bool {
		if m.method != protocol.MethodLogMessage && m.method != protocol.MethodShowMessage {
			return false
		}
		var p protocol.LogMessageParams
		return json.Unmarshal(m.params, &p) == nil && strings.Contains(p.Message, sub)
	})
}

// published returns every publishDiagnostics for uri received so far.
func (c *client) published(uri protocol.DocumentURI) []protocol.PublishDiagnosticsParams {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []protocol.PublishDiagnosticsParams
	for _, m := range c.messages {
		var p protocol.PublishDiagnosticsParams
		if m.method == protocol.MethodPublishDiagnostics && json.Unmarshal(m.params, &p) == nil && p.URI == uri {
			out = append(out, p)
		}
	}
	return out
}

// codes returns the codes of diags in order.
func codes(diags []protocol.Diagnostic) []string {
	out := []string{}
	for _, d := range diags {
		out = append(out, d.Code)
	}
	return out
}

func hasCodes(want ...string) func([]protocol.Diagnostic) bool {
	return func(d []protocol.Diagnostic) bool { return strings.Join(codes(d), ",") == strings.Join(want, ",") }
}

// rpcCode returns the JSON-RPC error code of err, or 0.
func rpcCode(err error) int64 {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// applyEdits applies LSP edits to text with the given encoding, as an editor would.
func applyEdits(t *testing.T, text string, edits []protocol.TextEdit, enc protocol.PositionEncodingKind) string {
	t.Helper()
	var changes []protocol.TextDocumentContentChangeEvent
	// Apply from the end so earlier ranges stay valid.
	sorted := append([]protocol.TextEdit(nil), edits...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && posLess(sorted[j-1].Range.Start, sorted[j].Range.Start); j-- {
			sorted[j-1], sorted[j] = sorted[j], sorted[j-1]
		}
	}
	for _, e := range sorted {
		r := e.Range
		changes = append(changes, protocol.TextDocumentContentChangeEvent{Range: &r, Text: e.NewText})
	}
	out, err := applyChanges([]byte(text), changes, enc)
	if err != nil {
		t.Fatalf("apply edits: %v", err)
	}
	return string(out)
}

const testURI = protocol.DocumentURI("file:///tmp/arraylint-lsp-test/a.py")
