package lsp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// TestLongHeaderLine sends an 8 MiB header line: the server logs a framing error naming the
// limit and keeps serving.
func TestLongHeaderLine(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	from := c.mark()
	line := "X-Junk: " + strings.Repeat("a", 8<<20) + "\r\n"
	if _, err := c.raw.Write([]byte(line)); err != nil {
		t.Fatal(err)
	}
	c.waitLog(from, "exceeds 4096")
	c.open(testURI, 1, "np.zeros\n")
	c.waitDiags(testURI, 1, hasCodes("AL391"))
}

// TestGarbageClosesConnection sends only malformed headers: after jsonrpc2.MaxFramingErrors of
// them the server logs why and stops serving with status 1.
func TestGarbageClosesConnection(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	from := c.mark()
	garbage := strings.Repeat("no colon\r\n\r\n", jsonrpc2.MaxFramingErrors)
	if _, err := c.raw.Write([]byte(garbage)); err != nil {
		t.Fatal(err)
	}
	c.waitLog(from, fmt.Sprintf("closing the connection: %d malformed message headers in a row", jsonrpc2.MaxFramingErrors))
	if code := <-c.exit; code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
}

// TestTooLargeDocument opens a document one byte over driver.MaxFileSize: it is not parsed,
// its one diagnostic names the limit, hovers show nothing, and an edit that brings it under the
// limit is analysed.
func TestTooLargeDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the 8.5 MiB document; .ci/run runs it in full (go test ./...)")
	}
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	head := "a = np.zeros(1)\n"
	text := head + strings.Repeat("#", driver.MaxFileSize-len(head)) + "\n"
	c.open(testURI, 1, text)
	got := c.waitDiags(testURI, 1, nil)
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Code != "AL901" ||
		!strings.HasPrefix(got.Diagnostics[0].Message, "file not checked: 8.5 MiB is over the 8.5 MiB size limit") {
		t.Fatalf("document over the limit: %+v", got.Diagnostics)
	}
	var hover *protocol.Hover
	if err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}, &hover); err != nil || hover != nil {
		t.Errorf("hover on a document over the limit: %+v, %v", hover, err)
	}
	// Delete the long second line.
	c.change(testURI, 2, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{Start: protocol.Position{Line: 1}, End: protocol.Position{Line: 2}}, Text: ""})
	c.waitDiags(testURI, 2, hasCodes("AL391"))
}
