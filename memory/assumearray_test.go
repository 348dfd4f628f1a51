package memory

import (
	"strings"
	"testing"
)

// TestAssumeArrayExpression: `--assume price=np.empty(524288)` makes price an array of 4 MiB,
// made once (every read is the same object, as an argument or a global is), in the function it
// is a parameter of and in a module that reads it as a global; a value the run cannot evaluate
// is listed under the assumed text, not taken silently as no array (issue 25: 0 B, and the entry
// quoted the file's first characters).
func TestAssumeArrayExpression(t *testing.T) {
	src := `import numpy as np

def f(price):
    r = price * 2
    return r

total = price * 2 + price
`
	rs := byScope(estimate(t, src, Options{AssumeExprs: map[string]string{"price": "np.empty(524288)"}}))
	if r := rs["f"]; r.PeakBytes != 8_388_608 || r.PeakIsLowerBound || len(r.Unknown) != 0 {
		t.Errorf("f: peak %d (lower bound %v, unknown %+v), want 8,388,608: price and r", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
	// price, the temporary price * 2, and total (the temporary reused in place): 2 arrays
	if r := rs["<module>"]; r.PeakBytes != 8_388_608 || r.PeakIsLowerBound {
		t.Errorf("module: peak %d (lower bound %v), want 8,388,608: one price, read twice", r.PeakBytes, r.PeakIsLowerBound)
	}
	rs = byScope(estimate(t, src, Options{AssumeExprs: map[string]string{"price": "load_prices(3)"}}))
	r := rs["f"]
	if !r.PeakIsLowerBound || len(r.Unknown) == 0 || r.Unknown[0].Expr != "load_prices(3)" || !strings.Contains(r.Unknown[0].Reason, "price") {
		t.Errorf("f with an unknown assumed value: peak %d, unknown %+v, want load_prices(3) listed", r.PeakBytes, r.Unknown)
	}
}
