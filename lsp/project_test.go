package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// TestHoverProjectModule: the server's estimate follows a call into a module of the project
// (found from the configuration's directory), so the hover on its result gives its size.
func TestHoverProjectModule(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"pyproject.toml": "[tool.arraylint.memory]\ntarget = \"h100\"\n",
		"solver.py":      "import numpy as np\n\ndef step(a, n):\n    b = np.zeros((n, n))\n    return a + b\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	uri := pathToURI(filepath.Join(dir, "main.py"))
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, dir)
	c.open(uri, 1, "import numpy as np\nfrom solver import step\n\ndef main(n=1000):\n    a = np.ones((n, n))\n    r = step(a, n)\n    return r\n")
	var h *protocol.Hover
	if err := c.call(protocol.MethodHover, protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri},
		Position: protocol.Position{Line: 5, Character: 4}}, &h); err != nil {
		t.Fatal(err)
	}
	if h == nil || !strings.Contains(h.Contents.Value, "r: float64[n × n], 8·n² B = 7.6 MiB (8,000,000 bytes), allocated at line 6") ||
		!strings.Contains(h.Contents.Value, "with n = 1,000 (parameter default, line 4)") || !strings.Contains(h.Contents.Value, "peak of main() 22.9 MiB at line 6") {
		t.Errorf("hover on the result of a project module's function: %+v", h)
	}
}
