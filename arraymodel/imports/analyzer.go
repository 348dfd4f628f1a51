package imports

import (
	"reflect"

	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"golang.org/x/tools/go/analysis"
)

// Analyzer builds the Info of one Python file for the rules that require it.
var Analyzer = &analysis.Analyzer{
	Name:       "arrayimports",
	Doc:        "resolve which names refer to array libraries (numpy, cupy, cupynumeric, jax)",
	Requires:   []*analysis.Analyzer{pyinspect.Analyzer},
	ResultType: reflect.TypeFor[*Info](),
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		return Build(in.File.Module), nil
	},
}
