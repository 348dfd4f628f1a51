package arrays

import (
	"reflect"

	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"golang.org/x/tools/go/analysis"
)

// Analyzer infers the array facts of one Python file; its result is an *Info.
var Analyzer = &analysis.Analyzer{
	Name:       "arrayfacts",
	Doc:        "infer which names and expressions hold arrays, with backend, dtype and shape",
	Requires:   []*analysis.Analyzer{pyinspect.Analyzer, imports.Analyzer},
	ResultType: reflect.TypeFor[*Info](),
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		imp := pass.ResultOf[imports.Analyzer].(*imports.Info)
		return Analyze(in.File.Module, imp), nil
	},
}
