package pallas

import (
	"reflect"

	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"golang.org/x/tools/go/analysis"
)

// Analyzer finds the module's pallas_call launches once for the rules that read them (AL105,
// AL402); its result is a *Result, read-only.
var Analyzer = &analysis.Analyzer{
	Name:       "pallas",
	Doc:        "find the Pallas kernel launches of the module and read their block specs",
	Requires:   []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
		return &Result{Calls: Find(in.Inspector, info)}, nil
	},
}

// Result is what Analyzer finds: every pallas_call of the module, in source order.
type Result struct {
	Calls []*Call
}
