// Package peakmemory defines rule AL101: the estimated peak of live array memory exceeds the
// memory target (or a configurable fraction of it).
package peakmemory

import (
	_ "embed"
	"fmt"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL101 peak-memory.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL101", Name: "peak-memory", Since: "0.1.0", Doc: doc,
	Summary:  "estimated peak array memory exceeds the target",
	Severity: analyzer.Error,
	Fix:      analyzer.FixNever,
	Options:  []analyzer.Option{warnFractionOpt.Option},
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, memanalyzer.Analyzer},
	Run:      run,
})

// warnFractionOpt is the share of the target above which a peak that fits is reported too.
var warnFractionOpt = func() analyzer.TypedOption[float64] {
	o := analyzer.NewOption[float64]("warn-fraction", 0.9,
		"also report a peak above this fraction of the target (1 or more: only when it does not fit)")
	o.Check = func(v any) error {
		if f, _ := v.(float64); f < 0 {
			return fmt.Errorf("want a non-negative number, have %v", v)
		}
		return nil
	}
	return o
}()

// maxRelated bounds the live buffers listed with a finding.
const maxRelated = 8

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	mem := pass.ResultOf[memanalyzer.Analyzer].(*memanalyzer.Result)
	reports, target, err := mem.Estimate()
	if err != nil || target == nil {
		return nil, err
	}
	warn := warnFractionOpt.Value(pass)
	moduleReported := false
	for _, r := range reports {
		if r.Scope != "<module>" && moduleReported && calledAtModule(in.File.Module, r.Scope) {
			continue // the module's finding already covers this call
		}
		d, ok := diagnose(in, r, warn, mem.Label(r))
		if !ok {
			continue
		}
		if r.Scope == "<module>" {
			moduleReported = true
		}
		pass.Report(d)
	}
	return nil, nil
}

func diagnose(in *pyinspect.Result, r *memory.Report, warn float64, target string) (analysis.Diagnostic, bool) {
	if r.TargetBytes == nil || *r.TargetBytes <= 0 || r.PeakBytes == 0 {
		return analysis.Diagnostic{}, false
	}
	limit := *r.TargetBytes
	line, live := r.PeakLine, liveNames(r.LiveAtPeak)
	var msg string
	switch {
	case r.OOM != nil:
		o := r.OOM
		line = o.Line
		msg = "allocating " + memory.FormatBytes(o.RequestBytes) + " here exceeds " + target + ": " +
			memory.FormatBytes(o.HeldBytes) + " of " + memory.FormatBytes(o.PoolBytes) + " already held"
		live = nil
		for _, l := range o.Live {
			live = append(live, related{l.Name, l.Line, l.Bytes})
		}
	case r.PeakBytes > limit:
		msg = "estimated peak " + memory.FormatBytes(r.PeakBytes) + " exceeds " + target + " (" + memory.FormatBytes(limit) + ")"
	case warn > 0 && warn < 1 && float64(r.PeakBytes) >= warn*float64(limit):
		msg = "estimated peak " + memory.FormatBytes(r.PeakBytes) + " is " + pct(r.PeakBytes, limit) + " of " + target + " (" + memory.FormatBytes(limit) + ")"
	default:
		return analysis.Diagnostic{}, false
	}
	msg += r.BindingsNote() + r.BudgetNote()
	stmts := in.StmtIndex()
	st := stmts.At(line)
	if st == nil {
		return analysis.Diagnostic{}, false
	}
	d := in.Diagnostic(st, "%s", msg)
	for i, l := range live {
		if i == maxRelated {
			break
		}
		if n := stmts.At(l.line); n != nil {
			d.Related = append(d.Related, in.Related(n, "`%s` holds %s from here", l.name, memory.FormatBytes(l.bytes)))
		}
	}
	return d, true
}

type related struct {
	name  string
	line  int
	bytes int64
}

// calledAtModule reports whether the module body (outside defs) calls a function of this name.
func calledAtModule(mod *ast.Module, name string) bool {
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

func liveNames(ls []memory.Live) []related {
	var out []related
	for _, l := range ls {
		out = append(out, related{l.Name, l.Line, l.Bytes})
	}
	return out
}

func pct(a, b int64) string { return fmt.Sprintf("%.0f%%", 100*float64(a)/float64(b)) }
