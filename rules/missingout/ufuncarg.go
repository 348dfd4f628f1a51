package missingout

import (
	"fmt"

	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

// checkUfuncArg reports a one-input ufunc applied to arithmetic, `r = np.sqrt(dx**2 + dy**2)`:
// every array the arithmetic makes is a temporary, since the ufunc makes the result, where one
// buffer would hold them all and the ufunc's result too (`t = dx**2; t += dy**2; r =
// np.sqrt(t, out=t)`). Reported only when the first array the arithmetic makes is fresh and has
// the result's dtype and shape (so it can be the result's buffer), and the call passes the one
// argument and nothing else (no out=, where= or dtype=). No fix: the rewrite spans statements.
func checkUfuncArg(in *pyinspect.Result, info *arrays.Info, asg *ast.Assign, call *ast.Call, pol sizepolicy.Policy, once int64) (analysis.Diagnostic, sizepolicy.Size, bool) {
	none := func() (analysis.Diagnostic, sizepolicy.Size, bool) {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	if len(asg.Targets) != 1 || len(call.Args) != 1 || len(call.Keywords) != 0 {
		return none()
	}
	if _, ok := asg.Targets[0].(*ast.Name); !ok {
		return none()
	}
	ch, ok := flatten(call.Args[0]) // the syntax first: most calls take no arithmetic
	if !ok {
		return none()
	}
	f, ok := info.Callee(call)
	if !ok || f.Method || f.Func.Kind != npapi.Ufunc || f.Func.Nin != 1 || !f.Func.Out {
		return none()
	}
	// (on NumPy the one array a rewrite would save is the ufunc's result, the peak still that
	// of two arrays)
	inner, ok := heldTemporaries(info, ch, call)
	if !ok {
		return none()
	}
	size, nb, ok := sizeOf(inner)
	if !ok || !size.Known {
		return none() // a size the code states: the nested form is read as a formula otherwise
	}
	if pol.Decide(size) == sizepolicy.Quiet || smallOnce(info, asg, inner, size, pol.Min, once) {
		return none()
	}
	what := "a temporary"
	if n := len(ch.ops); n > 1 {
		what = fmt.Sprintf("%d temporaries", n)
	}
	d := in.Diagnostic(asg, "`%s` allocates %s of %s for `%s`; compute it in one buffer and pass it as `out=`",
		in.Snippet(asg.Value, 28), what, nb, in.Snippet(call.Args[0], 28))
	return d, size, true
}
