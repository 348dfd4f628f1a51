package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// This file tests that the server keeps answering after a message with a wrong Content-Length,
// a request with an id of the wrong type, and a change it could not apply.

// hoverAnswers checks that the server answers a valid request.
func hoverAnswers(t *testing.T, c *client, after string) {
	t.Helper()
	var h *protocol.Hover
	if err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, &h); err != nil {
		t.Errorf("hover after %s: %v", after, err)
	}
}

// TestServerFramingResync sends a request whose Content-Length is a few bytes off, or missing:
// the server answers the next valid request.
func TestServerFramingResync(t *testing.T) {
	body := `{"jsonrpc":"2.0","id":"broken","method":"textDocument/hover","params":{"textDocument":{"uri":"` + string(testURI) + `"},"position":{"line":0,"character":0}}}`
	for _, tt := range []struct{ name, raw string }{
		{"three bytes too many", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)+3, body)},
		{"three bytes too few", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)-3, body)},
		{"missing", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + body},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := start(t, Options{Rules: testRules()})
			c.initialize(protocol.ClientCapabilities{}, "")
			if _, err := c.raw.Write([]byte(tt.raw)); err != nil {
				t.Fatal(err)
			}
			for i := range 3 {
				hoverAnswers(t, c, fmt.Sprintf("%s (request %d)", tt.name, i+1))
			}
			c.open(testURI, 1, "np.zeros\n")
			c.waitDiags(testURI, 1, hasCodes("AL391"))
		})
	}
}

// TestServerInvalidIDs sends requests whose id is a fraction, an object or null: each is answered
// -32600 Invalid Request with a null id, and the server answers the next valid request.
func TestServerInvalidIDs(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	for _, id := range []string{`1.5`, `{"n":1}`, `null`} {
		from := c.mark()
		writeRaw(t, c, `{"jsonrpc":"2.0","id":`+id+`,"method":"textDocument/hover","params":{"textDocument":{"uri":"`+string(testURI)+`"},"position":{"line":0,"character":0}}}`)
		c.waitFor("invalid request response to id "+id, from, func(m message) bool {
			return m.method == "client-error" && strings.Contains(string(m.params), "null id: error -32600")
		})
		hoverAnswers(t, c, "id "+id)
	}
}

// TestServerOutOfSync sends a change the server cannot apply after a valid one: the document is
// out of sync, the user is told, later incremental changes compute nothing on the stale text (no
// fix-all edits, no diagnostics), and a full-text change or a reopen brings it back, with fixes
// sent as versioned document changes.
func TestServerOutOfSync(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{
		WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{DocumentChanges: true}}}, "")
	c.open(testURI, 1, "a = np.zeros(3)\n")
	c.waitDiags(testURI, 1, hasCodes("AL391"))
	c.change(testURI, 2, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{}, Text: "# top\n"})
	c.waitDiags(testURI, 2, hasCodes("AL391"))

	from := c.mark()
	far := protocol.Position{Line: 40}
	c.change(testURI, 3, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: far, End: far}, Text: "x\n"})
	c.waitLog(from, "out of sync")
	c.waitFor("diagnostics cleared", from, func(m message) bool {
		var p protocol.PublishDiagnosticsParams
		return m.method == protocol.MethodPublishDiagnostics && json.Unmarshal(m.params, &p) == nil && p.URI == testURI && len(p.Diagnostics) == 0
	})
	// The editor holds version 3; this change is relative to it, not to the server's version 2.
	c.change(testURI, 4, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{}, Text: "b = np.zeros(4)\n"})
	fixAll := func() []protocol.CodeAction {
		t.Helper()
		var actions []protocol.CodeAction
		req := protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI},
			Context: protocol.CodeActionContext{Only: []protocol.CodeActionKind{protocol.SourceFixAll}}}
		if err := c.call(protocol.MethodCodeAction, req, &actions); err != nil {
			t.Fatalf("code action: %v", err)
		}
		return actions
	}
	if actions := fixAll(); len(actions) != 0 {
		t.Errorf("fix-all on an out-of-sync document: %+v, want none", actions)
	}
	hoverAnswers(t, c, "an out-of-sync document")

	// A change replacing the whole text brings the document back in sync.
	c.change(testURI, 5, protocol.TextDocumentContentChangeEvent{Text: "c = np.zeros(5)\n"})
	c.waitDiags(testURI, 5, hasCodes("AL391"))
	for _, p := range c.published(testURI) {
		if p.Version != nil && (*p.Version == 3 || *p.Version == 4) {
			t.Errorf("diagnostics published for version %d, computed on text the editor does not have", *p.Version)
		}
	}
	actions := fixAll()
	if len(actions) != 1 || actions[0].Edit == nil || len(actions[0].Edit.DocumentChanges) != 1 ||
		actions[0].Edit.DocumentChanges[0].TextDocument.Version == nil || *actions[0].Edit.DocumentChanges[0].TextDocument.Version != 5 {
		t.Fatalf("fix-all after resync: %+v, want one versioned edit of version 5", actions)
	}

	// Out of sync again, then reopened.
	c.change(testURI, 6, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: far, End: far}, Text: "x\n"})
	c.notify(protocol.MethodDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}})
	c.open(testURI, 1, "d = np.zeros(6)\n")
	c.waitDiags(testURI, 1, hasCodes("AL391"))
}
