package lsp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// TestMalformedMessages sends broken messages; each is answered or logged, and the server keeps
// serving.
func TestMalformedMessages(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")

	from := c.mark()
	writeRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":`) // truncated JSON
	c.waitFor("parse error response", from, func(m message) bool {
		return m.method == "client-error" && strings.Contains(string(m.params), "null id: error -32700")
	})
	from = c.mark()
	writeRaw(t, c, `{"jsonrpc":"1.0","id":"v1","method":"textDocument/hover"}`)
	c.waitFor("invalid request response", from, func(m message) bool {
		return m.method == "client-error" && strings.Contains(string(m.params), "error -32600")
	})
	from = c.mark()
	writeRaw(t, c, `{"jsonrpc":"2.0","id":"p","method":"textDocument/hover","params":[1,2]}`)
	c.waitFor("invalid params response", from, func(m message) bool {
		return m.method == "client-error" && strings.Contains(string(m.params), "error -32602")
	})
	// A header without Content-Length, then a valid message: the server resynchronises.
	if _, err := c.raw.Write([]byte("Content-Type: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	c.notify("$/unknownNotification", struct{}{})         // ignored silently
	c.notify("workspace/unknownNotification", struct{}{}) // ignored
	c.open(testURI, 1, "np.zeros\n")
	c.waitDiags(testURI, 1, hasCodes("AL391"))
}

func TestInvalidUTF8(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	// Invalid UTF-8 bytes inside the JSON text: the decoder turns them into U+FFFD.
	body := "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"" + string(testURI) +
		"\",\"languageId\":\"python\",\"version\":1,\"text\":\"s = '\xff\xfe'; x = np.zeros(1)\\n\"}}}"
	writeRaw(t, c, body)
	got := c.waitDiags(testURI, 1, func(d []protocol.Diagnostic) bool { return strings.Contains(strings.Join(codes(d), ","), "AL391") })
	for _, d := range got.Diagnostics {
		if d.Code == "AL391" && d.Range.Start != (protocol.Position{Line: 0, Character: 14}) {
			t.Errorf("AL391 at %+v, want 0:14 (each replacement character is one UTF-16 unit)", d.Range.Start)
		}
	}
}

func TestPanickingRule(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "PANIC = np.zeros(1)\n")
	got := c.waitDiags(testURI, 1, hasCodes("AL900", "AL391"))
	if !strings.Contains(got.Diagnostics[0].Message, "panicked") {
		t.Errorf("AL900 message %q", got.Diagnostics[0].Message)
	}
	var hover *protocol.Hover
	if err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, &hover); err != nil {
		t.Errorf("hover after a rule panic: %v", err)
	}
}

func TestLargeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the 8 MiB document; .ci/run runs it in full (go test ./...)")
	}
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	line := "value_" + strings.Repeat("x", 40) + " = compute(1, 2, 3)\n"
	text := strings.Repeat(line, 8<<20/len(line)) + "tail = np.zeros(1)\n"
	c.open(testURI, 1, text)
	got := c.waitDiags(testURI, 1, nil)
	if n := len(got.Diagnostics); n != 1 || got.Diagnostics[0].Code != "AL391" {
		t.Errorf("8 MiB file: %d diagnostics %v", n, codes(got.Diagnostics))
	}
	// An edit at the end of the large document.
	end := protocol.Position{Line: uint32(strings.Count(text, "\n"))}
	c.change(testURI, 2, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: end, End: end}, Text: "more = a.copy()\n"})
	c.waitDiags(testURI, 2, hasCodes("AL391", "AL392"))
}

// TestHandlerPanic checks that a panic inside a request handler becomes an error response.
func TestHandlerPanic(t *testing.T) {
	srv, err := NewServer(Options{Rules: testRules()})
	if err != nil {
		t.Fatal(err)
	}
	srv.handlers["test/panic"] = asyncRequest(func(*Server, context.Context, *struct{}) (any, error) { panic("boom") })
	c := serve(t, srv)
	c.initialize(protocol.ClientCapabilities{}, "")
	err = c.call("test/panic", struct{}{}, nil)
	if rpcCode(err) != jsonrpc2.CodeInternalError || !strings.Contains(err.Error(), "boom") {
		t.Errorf("panicking handler: %v", err)
	}
	c.open(testURI, 1, "np.zeros\n")
	c.waitDiags(testURI, 1, hasCodes("AL391"))
}

func TestNotificationWithID(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	var res json.RawMessage
	err := c.call(protocol.MethodDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: testURI, Version: 1, Text: "x\n"}}, &res)
	if err != nil || string(res) != "null" {
		t.Errorf("didOpen sent as a request: %s, %v", res, err)
	}
}

func TestUntitledDocument(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, t.TempDir())
	const uri = protocol.DocumentURI("untitled:Untitled-1")
	c.open(uri, 1, "np.zeros\n")
	c.waitDiags(uri, 1, hasCodes("AL391"))
	var h *protocol.Hover
	if err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &h); err != nil {
		t.Errorf("hover on an untitled document: %v", err)
	}
}
