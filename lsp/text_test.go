package lsp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/lsp/protocol"
)

func TestDidSave(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, "np.zeros\n")
	c.waitDiags(testURI, 1, hasCodes("AL391"))
	from := c.mark()
	text := "np.zeros\n"
	c.notify(protocol.MethodDidSave, protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}, Text: &text})
	// A request after the notification: by its answer the save has been handled.
	if err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, nil); err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.messages[from:] {
		if m.method == protocol.MethodLogMessage || m.method == protocol.MethodShowMessage {
			var p protocol.LogMessageParams
			_ = json.Unmarshal(m.params, &p)
			if p.Type <= protocol.MessageWarning {
				t.Errorf("didSave logged %q", p.Message)
			}
		}
	}
}

func TestApplyChanges(t *testing.T) {
	r := func(l1, c1, l2, c2 uint32) *protocol.Range {
		return &protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
	}
	for _, tt := range []struct {
		src     string
		changes []protocol.TextDocumentContentChangeEvent
		want    string
		err     string
	}{
		{"a😀b\n", []protocol.TextDocumentContentChangeEvent{{Range: r(0, 1, 0, 3), Text: "X"}}, "aXb\n", ""},
		{"one\r\ntwo\rthree\n", []protocol.TextDocumentContentChangeEvent{{Range: r(1, 0, 2, 0), Text: ""}, {Range: r(0, 3, 0, 3), Text: "!"}}, "one!\r\nthree\n", ""},
		{"x", []protocol.TextDocumentContentChangeEvent{{Range: r(0, 1, 0, 1), Text: "\ny"}, {Text: "full"}, {Range: r(0, 0, 0, 0), Text: ">"}}, ">full", ""},
		{"x\n", []protocol.TextDocumentContentChangeEvent{{Range: r(1, 0, 1, 0), Text: "end"}}, "x\nend", ""},
		{"x\n", []protocol.TextDocumentContentChangeEvent{{Range: r(5, 0, 5, 0), Text: "no"}}, "", "line out of range"},
		{"abc", []protocol.TextDocumentContentChangeEvent{{Range: r(0, 2, 0, 1), Text: "no"}}, "", "end before start"},
	} {
		got, err := applyChanges([]byte(tt.src), tt.changes, protocol.UTF16)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("applyChanges(%q): %v, want error %q", tt.src, err, tt.err)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("applyChanges(%q) = %q, %v; want %q", tt.src, got, err, tt.want)
		}
	}
}
