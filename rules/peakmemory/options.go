package peakmemory

import (
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// This file defines what AL101 and AL102 share: the file's estimate, from the memory analyzer.

// Estimate returns the file's memory estimate and its target (memanalyzer.Analyzer, which the
// rule must require). It returns no reports when no target is set.
func Estimate(pass *analysis.Pass) ([]*memory.Report, *memory.Target, error) {
	res := pass.ResultOf[memanalyzer.Analyzer].(*memanalyzer.Result)
	if res.Err != nil {
		return nil, nil, res.Err
	}
	target := res.Target()
	if target == nil {
		return nil, nil, nil
	}
	reports, err := res.Reports()
	if err != nil {
		return nil, nil, err
	}
	return reports, target, nil
}

// StmtAt returns the innermost statement that starts on line, for placing a finding (the last
// of several on one line). Rules placing many findings in one file build a StmtIndex once.
func StmtAt(in *pyinspect.Result, line int) ast.Stmt { return NewStmtIndex(in).At(line) }

// StmtIndex answers StmtAt for many lines of one file at O(1) each (built in one walk), for rules
// that place a finding per scope of a large file.
type StmtIndex map[int]ast.Stmt

// NewStmtIndex indexes the statements of the file by the line they start on; like StmtAt, the
// innermost (and last) statement starting on a line wins.
func NewStmtIndex(in *pyinspect.Result) StmtIndex {
	x := StmtIndex{}
	ast.Inspect(in.File.Module, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok {
			x[in.File.Lines.Line(st.Span().Start)] = st
		}
		return true
	})
	return x
}

// At returns the innermost statement that starts on line, or nil.
func (x StmtIndex) At(line int) ast.Stmt { return x[line] }

// CalledAtModule reports whether the module body (outside defs) calls a function of this name.
func CalledAtModule(mod *ast.Module, name string) bool {
	called := false
	for _, st := range mod.Body {
		switch st.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef:
			continue
		}
		ast.Inspect(st, func(n ast.Node) bool {
			if c, ok := n.(*ast.Call); ok {
				if nm, ok := c.Func.(*ast.Name); ok && nm.ID == name {
					called = true
				}
			}
			return !called
		})
	}
	return called
}
