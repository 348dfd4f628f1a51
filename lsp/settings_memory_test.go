package lsp

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/rules/peakmemory"
)

// The editor's target, backend and assume settings (the VS Code extension's arraylint.target,
// arraylint.backend and arraylint.assume) reach the memory estimate as check's flags do: a file
// with no target of its own gets AL101 against the setting's device, at the assumed size.
func TestMemorySettings(t *testing.T) {
	c := serveWithSettings(t, peakmemory.Rule, `{"arraylint":{"target":"l4","backend":"cupy","assume":{"n":40000}}}`)
	c.open(testURI, 1, "import numpy as np\ndef f(n):\n    x = np.ones((n, 100_000))\n    return x\n")
	got := c.waitDiags(testURI, 1, hasCodes("AL101"))
	if msg := got.Diagnostics[0].Message; !strings.Contains(msg, "l4") || !strings.Contains(msg, "n = 40,000 (assumed)") {
		t.Errorf("AL101 message %q does not name the l4 target and the assumed n", msg)
	}
}

// A bad target or backend setting is an error, as the same flag's is.
func TestMemorySettingsErrors(t *testing.T) {
	for _, set := range []userSettings{{Target: "h999"}, {Backend: "torch"}, {Assume: map[string]int64{"n": -1}}} {
		if _, err := newConfigCache(set); err == nil {
			t.Errorf("newConfigCache(%+v): no error", set)
		}
	}
}

// serveWithSettings starts a server running rule (and the tool rules) whose client sends the
// settings opts as initializationOptions, and completes the initialization.
func serveWithSettings(t *testing.T, rule *analyzer.Rule, opts string) *client {
	t.Helper()
	srv, err := NewServer(Options{Rules: append([]*analyzer.Rule{rule}, driver.ToolRules()...),
		SlowDelay: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	c := serve(t, srv)
	var res protocol.InitializeResult
	if err := c.call(protocol.MethodInitialize, protocol.InitializeParams{InitializationOptions: json.RawMessage(opts)}, &res); err != nil {
		t.Fatal(err)
	}
	c.notify(protocol.MethodInitialized, struct{}{})
	return c
}
