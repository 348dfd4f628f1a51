package lsp

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
)

func TestLifecycle(t *testing.T) {
	c := start(t, Options{Rules: testRules()})

	err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, nil)
	if rpcCode(err) != jsonrpc2.CodeServerNotInitialized {
		t.Errorf("hover before initialize: error %v, want code -32002", err)
	}
	c.open(testURI, 1, "x = np.zeros(3)\n") // a notification before initialize is dropped

	res := c.initialize(protocol.ClientCapabilities{}, "")
	if res.Capabilities.PositionEncoding != protocol.UTF16 {
		t.Errorf("positionEncoding = %q, want utf-16 by default", res.Capabilities.PositionEncoding)
	}
	if res.Capabilities.TextDocumentSync == nil || res.Capabilities.TextDocumentSync.Change != protocol.SyncIncremental {
		t.Errorf("textDocumentSync = %+v, want incremental", res.Capabilities.TextDocumentSync)
	}
	if res.Capabilities.DiagnosticProvider != nil {
		t.Error("diagnosticProvider announced to a client that does not pull")
	}
	if res.ServerInfo == nil || res.ServerInfo.Name != "arraylint" {
		t.Errorf("serverInfo = %+v", res.ServerInfo)
	}
	if err := c.call(protocol.MethodInitialize, protocol.InitializeParams{}, nil); rpcCode(err) != jsonrpc2.CodeInvalidRequest {
		t.Errorf("second initialize: error %v, want InvalidRequest", err)
	}
	if err := c.call("textDocument/definitelyNotAMethod", struct{}{}, nil); rpcCode(err) != jsonrpc2.CodeMethodNotFound {
		t.Errorf("unknown method: error %v, want -32601", err)
	}
	// The didOpen sent before initialize was dropped: the document is not open.
	from := c.mark()
	c.change(testURI, 2, protocol.TextDocumentContentChangeEvent{Text: "y = 1\n"})
	c.waitLog(from, "document is not open")

	if err := c.call(protocol.MethodShutdown, nil, nil); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, nil); rpcCode(err) != jsonrpc2.CodeInvalidRequest {
		t.Errorf("hover after shutdown: error %v, want InvalidRequest", err)
	}
	c.notify(protocol.MethodExit, nil)
	select {
	case code := <-c.exit:
		if code != 0 {
			t.Errorf("exit after shutdown: code %d, want 0", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not exit")
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.notify(protocol.MethodExit, nil)
	select {
	case code := <-c.exit:
		if code != 1 {
			t.Errorf("exit without shutdown: code %d, want 1", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not exit")
	}
}

func TestClientGoneExitsWithOne(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.raw.Close()
	select {
	case code := <-c.exit:
		if code != 1 {
			t.Errorf("exit on EOF: code %d, want 1", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not exit")
	}
}

func TestPositionEncodingNegotiation(t *testing.T) {
	for _, tt := range []struct {
		offered []protocol.PositionEncodingKind
		want    protocol.PositionEncodingKind
	}{
		{nil, protocol.UTF16},
		{[]protocol.PositionEncodingKind{protocol.UTF16}, protocol.UTF16},
		{[]protocol.PositionEncodingKind{protocol.UTF32, protocol.UTF16}, protocol.UTF16},
		{[]protocol.PositionEncodingKind{protocol.UTF16, protocol.UTF8}, protocol.UTF8},
	} {
		c := start(t, Options{Rules: testRules()})
		res := c.initialize(protocol.ClientCapabilities{General: &protocol.GeneralClientCapabilities{PositionEncodings: tt.offered}}, "")
		if res.Capabilities.PositionEncoding != tt.want {
			t.Errorf("offered %v: negotiated %q, want %q", tt.offered, res.Capabilities.PositionEncoding, tt.want)
		}
	}
}

func TestSetTrace(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	from := c.mark()
	c.notify(protocol.MethodSetTrace, protocol.SetTraceParams{Value: protocol.TraceVerbose})
	c.open(testURI, 1, "x = 1\n")
	c.waitFor("$/logTrace of didOpen", from, func(m message) bool {
		var p protocol.LogTraceParams
		return m.method == protocol.MethodLogTrace && json.Unmarshal(m.params, &p) == nil &&
			p.Message == "received textDocument/didOpen" && p.Verbose != ""
	})
	from = c.mark()
	c.notify(protocol.MethodSetTrace, protocol.SetTraceParams{Value: "loud"})
	c.waitLog(from, `set trace "loud"`)
}
