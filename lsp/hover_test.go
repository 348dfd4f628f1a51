package lsp

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/lsp/protocol"
)

const memorySrc = `import numpy as np

# arraylint: target h100
N = 1_000_000_000

def f(n):
    a = np.zeros((n, 64), dtype=np.float32)
    return a

x = np.ones(N)
y = np.zeros((N, 4), dtype=np.float32)
del x
w = f(10_000)
`

func hoverAt(t testing.TB, c *client, line, char uint32) *protocol.Hover {
	t.Helper()
	var h *protocol.Hover
	err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI},
		Position: protocol.Position{Line: line, Character: char}}, &h)
	if err != nil {
		t.Fatalf("hover %d:%d: %v", line, char, err)
	}
	return h
}

func TestHover(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
		Hover: &protocol.HoverClientCapabilities{ContentFormat: []protocol.MarkupKind{protocol.Markdown}}}}, "")
	c.open(testURI, 1, memorySrc)

	// On the name x (line 10, 0-based 9): its array, then the line's live memory.
	h := hoverAt(t, c, 9, 0)
	if h == nil {
		t.Fatal("no hover on x")
	}
	want := "`x`: float64[1,000,000,000], 7.5 GiB (8,000,000,000 bytes), allocated at line 10 by `np.ones(N)`\n\n" +
		"Line 10: 7.5 GiB live, 9.4% of h100 (79.6 GiB); peak of the module 22.4 GiB at line 11"
	if h.Contents.Kind != protocol.Markdown || h.Contents.Value != want {
		t.Errorf("hover on x:\n%s\nwant\n%s", h.Contents.Value, want)
	}
	if h.Range == nil || *h.Range != (protocol.Range{Start: protocol.Position{Line: 9}, End: protocol.Position{Line: 9, Character: 1}}) {
		t.Errorf("hover range %+v", h.Range)
	}
	// On `del x`: only the live memory, with x released.
	h = hoverAt(t, c, 11, 0)
	if h == nil || h.Contents.Value != "Line 12: 14.9 GiB live, 18.7% of h100 (79.6 GiB); peak of the module 22.4 GiB at line 11" {
		t.Errorf("hover on del x: %+v", h)
	}
	// On y used later in the module, the most recent binding of y is described.
	h = hoverAt(t, c, 10, 0)
	if h == nil || !strings.HasPrefix(h.Contents.Value, "`y`: float32[1,000,000,000 × 4], 14.9 GiB (16,000,000,000 bytes), allocated at line 11") {
		t.Errorf("hover on y: %+v", h)
	}
	// Before any allocation: nothing to say.
	if h := hoverAt(t, c, 0, 3); h != nil {
		t.Errorf("hover on the import: %+v", h)
	}
	// Past the end of the document: no hover, no error.
	if h := hoverAt(t, c, 99, 0); h != nil {
		t.Errorf("hover past the end: %+v", h)
	}
}

func TestHoverWithoutTarget(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, strings.Replace(memorySrc, "# arraylint: target h100\n", "\n", 1))
	h := hoverAt(t, c, 9, 0)
	if h == nil || h.Contents.Kind != protocol.PlainText || !strings.Contains(h.Contents.Value, "Line 10: 7.5 GiB live; peak of the module 22.4 GiB at line 11 (no memory target") {
		t.Errorf("hover without target: %+v", h)
	}
}

func TestInlayHints(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, memorySrc)
	var hints []protocol.InlayHint
	all := protocol.Range{End: protocol.Position{Line: 100}}
	if err := c.call(protocol.MethodInlayHint, protocol.InlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}, Range: all}, &hints); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range hints {
		got = append(got, h.Label+" @"+itoaPos(h.Position))
	}
	// a in f estimated on its own, with n = 10,000 from its only call (line 13); x (line 10),
	// y (line 11) and a allocated by the call f(10_000) at line 13.
	want := []string{"2.4 MiB @6:43", "7.5 GiB @9:14", "14.9 GiB @10:38", "2.4 MiB @12:13"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("hints = %v, want %v", got, want)
	}
	// Only the requested range.
	part := protocol.Range{Start: protocol.Position{Line: 10}, End: protocol.Position{Line: 11}}
	if err := c.call(protocol.MethodInlayHint, protocol.InlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}, Range: part}, &hints); err != nil {
		t.Fatal(err)
	}
	if len(hints) != 1 || hints[0].Label != "14.9 GiB" {
		t.Errorf("hints in line 11 only: %+v", hints)
	}
}

func itoaPos(p protocol.Position) string {
	return strings.TrimSpace(strings.Join([]string{uitoa(p.Line), uitoa(p.Character)}, ":"))
}

func uitoa(u uint32) string { return strconv.FormatUint(uint64(u), 10) }

// TestHoverTargetFromConfig takes the target and an assumed size from [tool.arraylint.memory].
func TestHoverTargetFromConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := "[tool.arraylint.memory]\ntarget = \"h100\"\n\n[tool.arraylint.memory.assume]\nM = 2_000_000\n"
	if err := os.WriteFile(filepath.Join(dir, "pyproject.toml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := pathToURI(filepath.Join(dir, "m.py"))
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, dir)
	c.open(uri, 1, "import numpy as np\n\ndef f(M):\n    x = np.ones(M)\n    return x\n")
	var h *protocol.Hover
	if err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri},
		Position: protocol.Position{Line: 3, Character: 4}}, &h); err != nil {
		t.Fatal(err)
	}
	if h == nil || !strings.Contains(h.Contents.Value, "x: float64[M], 8·M B = 15.3 MiB (16,000,000 bytes), allocated at line 4 by np.ones(M); with M = 2,000,000 (assumed in config)") || !strings.Contains(h.Contents.Value, "of h100 (79.6 GiB); peak of f()") {
		t.Errorf("hover with the configured target: %+v", h)
	}
}
