package lsp

import (
	"strings"
	"testing"

	"github.com/arraylint/arraylint/rules/astypecopy"
)

// The editor's scale setting (the VS Code extension's arraylint.scale) reaches the sized rules
// as check's --scale does: a NumPy module's cast of an input-sized draw, held back by the
// default, is reported under "large", with the scale it applied in the message.
func TestScaleSetting(t *testing.T) {
	c := serveWithSettings(t, astypecopy.Rule, `{"arraylint":{"scale":"large"}}`)
	c.open(testURI, 1, "import numpy as np\ndef f(n):\n    x = np.random.random(n).astype(np.float32)\n    return x\n")
	got := c.waitDiags(testURI, 1, hasCodes("AL303"))
	if msg := got.Diagnostics[0].Message; !strings.Contains(msg, `large by scale = "large"`) {
		t.Errorf("AL303 message %q does not say which scale counted the array as large", msg)
	}
	if _, err := newConfigCache(userSettings{Scale: "huge"}); err == nil {
		t.Errorf("newConfigCache(scale = huge): no error")
	}
}
