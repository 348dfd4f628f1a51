// Package slicethenfull defines rule AL103: on the Legate backend (cuPyNumeric), an array first
// touched through a slice and later used whole, so the runtime holds two instances of it.
package slicethenfull

import (
	_ "embed"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL103 slice-then-full.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL103", Name: "slice-then-full", Since: "0.2.0", Doc: doc,
	Summary:  "legate array touched through a slice, then whole",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixSometimes,
	Options:  sizepolicy.Options(minBytesOpt),
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer, memanalyzer.Analyzer},
	Run:      run,
})

// minBytesOpt is the smallest extra instance worth a finding.
var minBytesOpt = sizepolicy.MinBytes("report only when the extra instance is at least this many bytes")

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	res := pass.ResultOf[memanalyzer.Analyzer].(*memanalyzer.Result)
	if res.Err != nil {
		return nil, res.Err
	}
	if sizepolicy.TestExempt(pass, in.Path) {
		return nil, nil // test code: nothing is reported, so the estimate is not run for this rule
	}
	backend := res.Options.Backend
	if backend == "" && info.Imports().Backends()&imports.CuPyNumeric != 0 {
		backend = memory.BackendLegate // what the estimate detects from the imports
	}
	if backend != memory.BackendLegate {
		return nil, nil // no Legate instances: the estimate is not run for this rule
	}
	reports, err := res.Reports()
	if err != nil {
		return nil, err
	}
	pol := sizepolicy.For(pass, in.Path, info, minBytesOpt.Value(pass))
	seen := map[ast.Node]bool{}
	var stmts pyinspect.StmtIndex // built on the first duplicate
	for _, r := range reports {
		if r.Backend != memory.BackendLegate {
			continue
		}
		for _, dup := range memory.Duplicates(r) {
			if pol.Decide(sizepolicy.Size{Known: true, Bytes: dup.Partial.Bytes}) != sizepolicy.Report {
				continue
			}
			if stmts == nil {
				stmts = in.StmtIndex()
			}
			st := stmts.At(dup.Partial.Line)
			if st == nil {
				continue
			}
			sub := slicedUse(st, dup.Partial.Instance.Store)
			if sub == nil || seen[sub] {
				continue
			}
			seen[sub] = true
			pass.Report(diagnose(pass, in, info, st, sub, dup))
		}
	}
	return nil, nil
}

// slicedUse returns the subscript of name with a slice in st, preferring an assignment target
// (the sliced write of the guide's example).
func slicedUse(st ast.Stmt, name string) *ast.Subscript {
	var store, load *ast.Subscript
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Lambda:
			return false
		case *ast.Subscript:
			if v, ok := n.Value.(*ast.Name); ok && v.ID == name && hasSlice(n.Slice) {
				if n.Ctx == ast.Store && store == nil {
					store = n
				} else if load == nil {
					load = n
				}
			}
		}
		return true
	})
	if store != nil {
		return store
	}
	return load
}

func hasSlice(e ast.Expr) bool {
	if _, ok := e.(*ast.Slice); ok {
		return true
	}
	if t, ok := e.(*ast.Tuple); ok {
		for _, x := range t.Elts {
			if _, ok := x.(*ast.Slice); ok {
				return true
			}
		}
	}
	return false
}
