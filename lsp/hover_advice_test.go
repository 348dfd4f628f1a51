package lsp

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// The hover without a memory target says where to set one, and that advice works: the key it
// names, in the table it names, written to the file's pyproject.toml, gives the hover a target.
// (It used to name an AL101 `target` option, which the configuration rejects.)
func TestHoverTargetAdviceWorks(t *testing.T) {
	dir := t.TempDir()
	src := strings.Replace(memorySrc, "# arraylint: target h100\n", "\n", 1)
	path := filepath.Join(dir, "model.py")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := protocol.DocumentURI((&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String())

	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(uri, 1, src)
	h := hoverAtURI(t, c, uri, 9, 0)
	if h == nil {
		t.Fatal("no hover")
	}
	m := regexp.MustCompile("no memory target: set `([a-z-]+)` in `\\[([a-z.]+)\\]`").FindStringSubmatch(h.Contents.Value)
	if m == nil {
		t.Fatalf("the hover does not say which configuration key sets the target: %q", h.Contents.Value)
	}
	cfg := "[" + m[2] + "]\n" + m[1] + " = \"h100\"\n"
	if err := os.WriteFile(filepath.Join(dir, "pyproject.toml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	c2 := start(t, Options{Rules: testRules()})
	c2.initialize(protocol.ClientCapabilities{}, "")
	c2.open(uri, 1, src)
	h = hoverAtURI(t, c2, uri, 9, 0)
	if h == nil || strings.Contains(h.Contents.Value, "no memory target") || !strings.Contains(h.Contents.Value, "of h100") {
		t.Errorf("with %q in pyproject.toml, the hover is %+v", cfg, h)
	}
}

// hoverAtURI is hoverAt on the document uri.
func hoverAtURI(t testing.TB, c *client, uri protocol.DocumentURI, line, char uint32) *protocol.Hover {
	t.Helper()
	var h *protocol.Hover
	err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri},
		Position: protocol.Position{Line: line, Character: char}}, &h)
	if err != nil {
		t.Fatalf("hover %d:%d: %v", line, char, err)
	}
	return h
}
