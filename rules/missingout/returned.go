package missingout

import (
	"fmt"

	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

// checkReturn reports a function returning a chain of arithmetic, `return a[2:, 1:-1] + a[:-2,
// 1:-1] - 4 * a[1:-1, 1:-1]`: every running value but the last is a temporary, where the first
// could hold the result (`r = a[2:, 1:-1] + a[:-2, 1:-1]`, `r -= 4 * a[1:-1, 1:-1]`, `return
// r`). Reported as the compound assignment is — the first running value fresh, of the result's
// dtype and shape — and only when its size is known; it runs once per call, so outside a
// function the file calls in a loop once-min-bytes applies. No fix: the rewrite spans
// statements.
func checkReturn(in *pyinspect.Result, info *arrays.Info, ret *ast.Return, pol sizepolicy.Policy, once int64) (analysis.Diagnostic, sizepolicy.Size, bool) {
	none := func() (analysis.Diagnostic, sizepolicy.Size, bool) {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	if ret.Value == nil {
		return none()
	}
	ch, ok := flatten(ret.Value)
	if !ok || len(ch.ops) < 2 {
		return none()
	}
	inner, ok := heldTemporaries(info, ch, ret.Value)
	if !ok {
		return none()
	}
	size, nb, ok := sizeOf(inner)
	if !ok || !size.Known || pol.Decide(size) == sizepolicy.Quiet {
		return none()
	}
	// a return runs once per call, even inside a loop: per iteration only where the function
	// is called in a loop
	if pol.Min > 0 && size.Bytes < once && inner.Backend&imports.CuPyNumeric == 0 && info.FunctionCalledInLoop(ret) == nil {
		return none()
	}
	what := "a temporary"
	if n := len(ch.ops) - 1; n > 1 {
		what = fmt.Sprintf("%d temporaries", n)
	}
	return in.Diagnostic(ret, "`return %s` allocates %s of %s for `%s`; compute the result in it and return that",
		in.Snippet(ret.Value, 28), what, nb, in.Snippet(ch.ops[0], 28)), size, true
}
