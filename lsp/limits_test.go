package lsp

import (
	"fmt"
	"strings"
	"testing"

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
