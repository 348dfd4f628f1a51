// Package allocexceeds defines rule AL102: one allocation alone is larger than the memory target.
package allocexceeds

import (
	_ "embed"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL102 allocation-exceeds-target.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL102", Name: "allocation-exceeds-target", Since: "0.1.0", Doc: doc,
	Summary:  "one array allocation is larger than the target",
	Severity: analyzer.Error,
	Fix:      analyzer.FixNever,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, memanalyzer.Analyzer},
	Run:      run,
})

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	mem := pass.ResultOf[memanalyzer.Analyzer].(*memanalyzer.Result)
	reports, target, err := mem.Estimate()
	if err != nil || target == nil {
		return nil, err
	}
	seen := map[int]bool{}
	var stmts pyinspect.StmtIndex // built on the first allocation over the target
	for _, r := range reports {
		if r.TargetBytes == nil || *r.TargetBytes <= 0 {
			continue
		}
		limit := *r.TargetBytes
		for _, b := range r.Buffers {
			line := b.Site
			if line == 0 {
				line = b.Line
			}
			if b.Bytes <= limit || seen[line] {
				continue
			}
			if stmts == nil {
				stmts = in.StmtIndex()
			}
			st := stmts.At(line)
			if st == nil {
				continue
			}
			seen[line] = true
			pass.Report(in.Diagnostic(st, "one allocation of %s (%s B) is larger than %s (%s)%s",
				memory.FormatBytes(b.Bytes), memory.Commas(b.Bytes), mem.Label(r), memory.FormatBytes(limit), r.BindingsNote()))
		}
	}
	return nil, nil
}
