// Package pallasblockalignment defines rule AL402: a Pallas TPU block shape whose last two
// dimensions are neither multiples of (8, 128) nor the whole array's dimensions.
package pallasblockalignment

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/pallas"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL402 pallas-block-alignment.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL402", Name: "pallas-block-alignment", Since: "0.2.0", Doc: doc,
	Summary:  "pallas block shape not aligned to (8, 128) tiles",
	Severity: analyzer.Error,
	Fix:      analyzer.FixNever,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, pallas.Analyzer},
	Run:      run,
})

// The TPU tile a block's last two dimensions must divide into (sublanes, lanes).
const sublanes, lanes = 8, 128

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	for _, pc := range pass.ResultOf[pallas.Analyzer].(*pallas.Result).Calls {
		if pc.Interpret || !pc.TPU {
			continue // interpreted on the host, or not known to be a TPU kernel (Triton, Mosaic GPU)
		}
		for _, op := range append(append([]*pallas.Operand{}, pc.Inputs...), pc.Outputs...) {
			if bad, ok := misaligned(op); ok {
				pass.Report(in.Diagnostic(op.Shape, "block shape of %s: %s; use multiples of (8, 128) or the array's dimensions %s",
					op.Label, strings.Join(bad, " and "), (&arrays.Array{Shape: op.Full}).ShapeString()))
			}
		}
	}
	return nil, nil
}

// misaligned returns what is wrong with the block's last two dimensions, checked only when the
// block and the whole array's matching dimensions are known (a dimension equal to the array's
// is always allowed, so an unknown array shape leaves nothing to report).
func misaligned(op *pallas.Operand) ([]string, bool) {
	if op.Spec == nil || op.Shape == nil || len(op.Block) == 0 || len(op.Full) != len(op.Block) {
		return nil, false
	}
	n := len(op.Block)
	var bad []string
	check := func(i int, m int64, what string) {
		if i < 0 || (i < len(op.Squeezed) && op.Squeezed[i]) {
			return
		}
		b, f := op.Block[i], op.Full[i]
		if !b.Known || !f.Known || b.N%m == 0 || b.N == f.N {
			return
		}
		bad = append(bad, fmt.Sprintf("%s %s is not a multiple of %d", what, b, m))
	}
	check(n-2, sublanes, "second-to-last dimension")
	check(n-1, lanes, "last dimension")
	return bad, len(bad) > 0
}
