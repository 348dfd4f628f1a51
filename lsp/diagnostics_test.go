package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/lsp/protocol"
)

func TestPushDiagnosticsUTF16(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	// "😀" is two UTF-16 code units and four bytes; "é" one unit and two bytes.
	src := "import numpy as np\ns = \"😀é\"; a = np.zeros(3)\nb = a.copy()\n"
	c.open(testURI, 1, src)
	got := c.waitDiags(testURI, 1, nil)
	if want := []string{"AL391", "AL392"}; strings.Join(codes(got.Diagnostics), ",") != strings.Join(want, ",") {
		t.Fatalf("codes = %v, want %v", codes(got.Diagnostics), want)
	}
	z := got.Diagnostics[0]
	// Columns in UTF-16: `s = "` is 5, the emoji 2, é 1, `"; a = ` 7: np.zeros starts at 15.
	wantRange := protocol.Range{Start: protocol.Position{Line: 1, Character: 15}, End: protocol.Position{Line: 1, Character: 23}}
	if z.Range != wantRange {
		t.Errorf("AL391 range = %+v, want %+v", z.Range, wantRange)
	}
	if z.Source != "arraylint" || z.Severity != protocol.SeverityWarning || z.Message != "`np.zeros` found" {
		t.Errorf("AL391 = %+v", z)
	}
	if z.CodeDescription == nil || z.CodeDescription.Href != DefaultDocsBase+"docs/rules/AL391.md" {
		t.Errorf("codeDescription = %+v", z.CodeDescription)
	}
	var data diagnosticData
	if err := json.Unmarshal(z.Data, &data); err != nil || data.Version != 1 || data.Fix == nil || data.Fix.Applicability != "safe" {
		t.Errorf("data = %s (%v)", z.Data, err)
	}
	if got.Diagnostics[1].Severity != protocol.SeverityInformation {
		t.Errorf("AL392 severity = %d, want information", got.Diagnostics[1].Severity)
	}
}

func TestPushDiagnosticsUTF8(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{General: &protocol.GeneralClientCapabilities{
		PositionEncodings: []protocol.PositionEncodingKind{protocol.UTF8, protocol.UTF16}}}, "")
	c.open(testURI, 1, "s = \"😀é\"; a = np.zeros(3)\n")
	got := c.waitDiags(testURI, 1, hasCodes("AL391"))
	if start := got.Diagnostics[0].Range.Start; start != (protocol.Position{Line: 0, Character: 18}) {
		t.Errorf("AL391 starts at %+v, want byte column 18", start)
	}
}

func TestIncrementalEdits(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "a = 1\nb = 2 # 😀\n")
	c.waitDiags(testURI, 1, hasCodes())

	// Insert after the emoji (UTF-16 column 9), then replace `1` on line 0, in one notification.
	c.change(testURI, 2,
		protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: protocol.Position{Line: 1, Character: 10}, End: protocol.Position{Line: 1, Character: 10}}, Text: " np.zeros"},
		protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: protocol.Position{Line: 0, Character: 4}, End: protocol.Position{Line: 0, Character: 5}}, Text: "x.copy()"},
	)
	// The text rule finds np.zeros even inside the comment, after the emoji.
	got := c.waitDiags(testURI, 2, hasCodes("AL392", "AL391"))
	if r := got.Diagnostics[0].Range; r.Start != (protocol.Position{Line: 0, Character: 5}) {
		t.Errorf("AL392 at %+v", r)
	}
	if r := got.Diagnostics[1].Range; r.Start != (protocol.Position{Line: 1, Character: 11}) {
		t.Errorf("AL391 at %+v", r)
	}
	c.change(testURI, 3, protocol.TextDocumentContentChangeEvent{Text: "np.zeros\n"})
	c.waitDiags(testURI, 3, hasCodes("AL391"))

	// A change for a version that is not newer is rejected and logged, and the document is
	// out of sync (TestServerOutOfSync) until a change gives its whole text.
	from := c.mark()
	c.change(testURI, 3, protocol.TextDocumentContentChangeEvent{Text: "a.copy()\n"})
	c.waitLog(from, "version 3 is not newer than 3")
	c.waitLog(from, "out of sync")
	c.change(testURI, 4, protocol.TextDocumentContentChangeEvent{Text: "np.zeros\n"})
	c.waitDiags(testURI, 4, hasCodes("AL391"))
	// A change with a range beyond the document is rejected too.
	from = c.mark()
	c.change(testURI, 5, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: protocol.Position{Line: 9}, End: protocol.Position{Line: 9}}, Text: "x"})
	c.waitLog(from, "line out of range")
	c.change(testURI, 6, protocol.TextDocumentContentChangeEvent{Text: "np.zeros\nb.copy()\n"})
	c.waitDiags(testURI, 6, hasCodes("AL391", "AL392"))
}

// TestStaleResultsDropped sends many edits without waiting: published versions never go
// backwards, and the last publication is for the last version with its findings.
func TestStaleResultsDropped(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "")
	const n = 40
	for v := int32(2); v <= n; v++ {
		text := strings.Repeat("a = np.zeros(1)\n", int(v))
		c.change(testURI, v, protocol.TextDocumentContentChangeEvent{Text: text})
	}
	c.waitDiags(testURI, n, func(d []protocol.Diagnostic) bool { return len(d) == n })
	last := int32(0)
	for _, p := range c.published(testURI) {
		if *p.Version < last {
			t.Errorf("published version %d after %d", *p.Version, last)
		}
		last = *p.Version
		if len(p.Diagnostics) != int(*p.Version) && *p.Version > 1 {
			t.Errorf("version %d published %d diagnostics, want %d", *p.Version, len(p.Diagnostics), *p.Version)
		}
	}
}

func TestCloseClearsDiagnostics(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "np.zeros\n")
	c.waitDiags(testURI, 1, hasCodes("AL391"))
	from := c.mark()
	c.notify(protocol.MethodDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}})
	c.waitFor("cleared diagnostics", from, func(m message) bool {
		var p protocol.PublishDiagnosticsParams
		return m.method == protocol.MethodPublishDiagnostics && json.Unmarshal(m.params, &p) == nil &&
			p.URI == testURI && p.Version == nil && len(p.Diagnostics) == 0 && strings.Contains(string(m.params), `"diagnostics":[]`)
	})
}

// TestSlowRulesDelayed checks that memory-category rules run only after the delay: the first
// publication of a version lacks them, the second has them.
func TestSlowRulesDelayed(t *testing.T) {
	c := start(t, Options{Rules: append(testRules(), rulePeak), SlowDelay: 200 * time.Millisecond})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "a = np.ones(3)\nb = np.zeros(3)  # noqa: AL191\nc = np.ones(4)\n")
	first := c.waitDiags(testURI, 1, nil)
	if got := codes(first.Diagnostics); strings.Join(got, ",") != "AL391" {
		t.Errorf("fast publication: %v, want only AL391 (AL191 is slow; AL902 waits for every rule)", got)
	}
	c.waitDiags(testURI, 1, hasCodes("AL191", "AL391", "AL902", "AL191"))
}

func TestPullDiagnostics(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	res := c.initialize(protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
		Diagnostic: &protocol.DiagnosticClientCapabilities{}}}, "")
	if res.Capabilities.DiagnosticProvider == nil {
		t.Fatal("no diagnosticProvider for a pulling client")
	}
	c.open(testURI, 1, "a = np.zeros(3)\n")
	var rep protocol.DocumentDiagnosticReport
	params := protocol.DocumentDiagnosticParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}
	if err := c.call(protocol.MethodDiagnostic, params, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Kind != protocol.ReportFull || strings.Join(codes(rep.Items), ",") != "AL391" || rep.ResultID == "" {
		t.Fatalf("first pull = %+v", rep)
	}
	params.PreviousResultID = rep.ResultID
	var again protocol.DocumentDiagnosticReport
	if err := c.call(protocol.MethodDiagnostic, params, &again); err != nil {
		t.Fatal(err)
	}
	if again.Kind != protocol.ReportUnchanged || again.ResultID != rep.ResultID {
		t.Errorf("second pull = %+v, want unchanged %s", again, rep.ResultID)
	}
	c.change(testURI, 2, protocol.TextDocumentContentChangeEvent{Text: "a = 1\n"})
	var third protocol.DocumentDiagnosticReport
	if err := c.call(protocol.MethodDiagnostic, params, &third); err != nil {
		t.Fatal(err)
	}
	if third.Kind != protocol.ReportFull || len(third.Items) != 0 || third.ResultID == rep.ResultID {
		t.Errorf("pull after edit = %+v, want a full empty report", third)
	}
	// A pulling client gets no pushed diagnostics.
	if p := c.published(testURI); len(p) != 0 {
		t.Errorf("pushed %d times to a pulling client", len(p))
	}
	// A document that is not open has an empty report.
	var closed protocol.DocumentDiagnosticReport
	if err := c.call(protocol.MethodDiagnostic, protocol.DocumentDiagnosticParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///nope.py"}}, &closed); err != nil || closed.Kind != protocol.ReportFull || len(closed.Items) != 0 {
		t.Errorf("pull of unopened document = %+v, %v", closed, err)
	}
}

func TestPullRefreshAfterSlowRules(t *testing.T) {
	c := start(t, Options{Rules: append(testRules(), rulePeak), SlowDelay: 50 * time.Millisecond})
	c.initialize(protocol.ClientCapabilities{
		TextDocument: &protocol.TextDocumentClientCapabilities{Diagnostic: &protocol.DiagnosticClientCapabilities{}},
		Workspace:    &protocol.WorkspaceClientCapabilities{Diagnostics: &protocol.DiagnosticWorkspaceClientCapabilities{RefreshSupport: true}},
	}, "")
	c.open(testURI, 1, "a = np.ones(3)\n")
	c.waitFor("workspace/diagnostic/refresh", 0, func(m message) bool { return m.method == protocol.MethodDiagnosticRefresh })
	var rep protocol.DocumentDiagnosticReport
	if err := c.call(protocol.MethodDiagnostic, protocol.DocumentDiagnosticParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, &rep); err != nil {
		t.Fatal(err)
	}
	if strings.Join(codes(rep.Items), ",") != "AL191" {
		t.Errorf("pull after refresh: %v, want AL191", codes(rep.Items))
	}
}

// TestCancelRequest cancels a pull that waits for a blocked analysis.
func TestCancelRequest(t *testing.T) {
	slowGateMu.Lock()
	gate := make(chan struct{})
	slowGate = gate
	slowGateMu.Unlock()
	defer close(gate)

	c := start(t, Options{Rules: append(testRules(), ruleSlow)})
	c.initialize(protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
		Diagnostic: &protocol.DiagnosticClientCapabilities{}}}, "")
	c.open(testURI, 1, "SLOW = 1\n")
	// Send the request by hand so its id is known, then cancel it.
	body := `{"jsonrpc":"2.0","id":"pull-1","method":"textDocument/diagnostic","params":{"textDocument":{"uri":"` + string(testURI) + `"}}}`
	writeRaw(t, c, body)
	time.Sleep(50 * time.Millisecond)
	c.notify(protocol.MethodCancelRequest, map[string]string{"id": "pull-1"})
	c.waitFor("cancelled response", 0, func(m message) bool {
		return m.method == "client-error" && strings.Contains(string(m.params), `pull-1`) && strings.Contains(string(m.params), "error -32800")
	})
	// The server keeps serving.
	if err := c.call(protocol.MethodCodeAction, protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, nil); err != nil {
		t.Errorf("request after cancellation: %v", err)
	}
}

// writeRaw writes one framed body on the client's end of the pipe.
func writeRaw(t *testing.T, c *client, body string) {
	t.Helper()
	if _, err := fmt.Fprintf(c.raw, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		t.Fatal(err)
	}
}

func TestConfigReload(t *testing.T) {
	dir := t.TempDir()
	pyproject := filepath.Join(dir, "pyproject.toml")
	if err := os.WriteFile(pyproject, []byte("[tool.arraylint]\nignore = [\"AL391\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := pathToURI(filepath.Join(dir, "pkg", "m.py"))
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, dir)
	c.open(uri, 1, "a = np.zeros(1).copy()\n")
	c.waitDiags(uri, 1, hasCodes("AL392"))

	// The file changes on disk: the watched-files notification re-reads it.
	if err := os.WriteFile(pyproject, []byte("[tool.arraylint]\nignore = [\"AL392\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	from := c.mark()
	c.notify(protocol.MethodDidChangeWatchedFiles, protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: pathToURI(pyproject), Type: protocol.FileChanged}}})
	c.waitFor("AL391 only", from, func(m message) bool {
		var p protocol.PublishDiagnosticsParams
		return m.method == protocol.MethodPublishDiagnostics && json.Unmarshal(m.params, &p) == nil && hasCodes("AL391")(p.Diagnostics)
	})

	// Editor settings override the file.
	from = c.mark()
	c.notify(protocol.MethodDidChangeConfiguration, protocol.DidChangeConfigurationParams{Settings: json.RawMessage(`{"arraylint":{"ignore":["AL391","AL392"]}}`)})
	c.waitFor("nothing", from, func(m message) bool {
		var p protocol.PublishDiagnosticsParams
		return m.method == protocol.MethodPublishDiagnostics && json.Unmarshal(m.params, &p) == nil && len(p.Diagnostics) == 0
	})

	// A broken configuration is shown once and the defaults apply.
	if err := os.WriteFile(pyproject, []byte("[tool.arraylint]\nselect = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	from = c.mark()
	c.notify(protocol.MethodDidChangeConfiguration, protocol.DidChangeConfigurationParams{Settings: json.RawMessage(`{"arraylint":{}}`)})
	c.waitLog(from, "pyproject.toml")
	c.waitFor("defaults", from, func(m message) bool {
		var p protocol.PublishDiagnosticsParams
		return m.method == protocol.MethodPublishDiagnostics && json.Unmarshal(m.params, &p) == nil && hasCodes("AL391", "AL392")(p.Diagnostics)
	})
}

func TestRegisterWatchers(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{
		DidChangeWatchedFiles: &protocol.DynamicRegistrationCapabilities{DynamicRegistration: true}}}, "")
	m, _ := c.waitFor("registerCapability", 0, func(m message) bool { return m.method == protocol.MethodRegisterCapability })
	if !strings.Contains(string(m.params), "**/pyproject.toml") {
		t.Errorf("registration = %s", m.params)
	}
}

func TestInitializationOptions(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	var res protocol.InitializeResult
	err := c.call(protocol.MethodInitialize, protocol.InitializeParams{InitializationOptions: json.RawMessage(`{"arraylint":{"ignore":["AL391"]}}`)}, &res)
	if err != nil {
		t.Fatal(err)
	}
	c.notify(protocol.MethodInitialized, struct{}{})
	c.open(testURI, 1, "a = np.zeros(1).copy()\n")
	c.waitDiags(testURI, 1, hasCodes("AL392"))
}

func TestRelatedInformation(t *testing.T) {
	c := start(t, Options{Rules: append(testRules(), ruleRelated)})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "s = '😀'; use(1)\ndef f(): pass\n")
	got := c.waitDiags(testURI, 1, hasCodes("AL395"))
	d := got.Diagnostics[0]
	if d.Range.Start != (protocol.Position{Line: 0, Character: 10}) || d.Severity != protocol.SeverityError {
		t.Errorf("diagnostic %+v", d)
	}
	want := []protocol.DiagnosticRelatedInformation{{
		Location: protocol.Location{URI: testURI, Range: protocol.Range{Start: protocol.Position{Line: 1}, End: protocol.Position{Line: 1, Character: 3}}},
		Message:  "defined here",
	}}
	if len(d.RelatedInformation) != 1 || d.RelatedInformation[0] != want[0] {
		t.Errorf("relatedInformation = %+v, want %+v", d.RelatedInformation, want)
	}
}
