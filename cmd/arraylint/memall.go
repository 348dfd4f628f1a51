package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
)

// targetRow is one preset's verdict in `mem --target all`.
type targetRow struct {
	Scope       string           `json:"scope"` // "<module>" or --function's name, as mem's reports
	Target      string           `json:"target"`
	Device      string           `json:"device"`
	BudgetBytes int64            `json:"budget_bytes"`
	PeakBytes   int64            `json:"peak_bytes"`
	LowerBound  bool             `json:"peak_is_lower_bound"`
	Fits        bool             `json:"fits"`
	FitsUpTo    *memory.FitsUpTo `json:"fits_up_to"`
}

// memAllTargets estimates the file's first scope (the module, or --function's) against every
// preset: which devices the run needs, and up to what size each one holds it. Exit status 1 when
// it fits none.
func memAllTargets(e *env, f *pyparse.File, opts memory.Options, solveFor, format string, assume *assumeFlag) int {
	if opts.Backend == memory.BackendLegate || (opts.Backend == "" && memory.DetectBackend(f.Module) == memory.BackendLegate) {
		fmt.Fprintf(e.stderr, "arraylint mem: --target all compares device presets; Legate's pools are sized with --sysmem/--fbmem\n")
		return exitError
	}
	var rows []targetRow
	var formula *memory.Report // the first preset's report: the formula is the same for all
	anyFits := false
	for _, p := range memory.Presets() {
		opts.Target = &p
		rs, err := memory.Estimate(f, opts)
		if err == nil {
			err = memory.Scale(f, opts, rs[:1], solveFor)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
			return exitError
		}
		r := rs[0]
		if formula == nil {
			formula = r
			assume.warnUnused(e, rs) // what the estimate reads does not depend on the preset
		}
		row := targetRow{Scope: r.Scope, Target: p.Name, Device: p.Desc, BudgetBytes: *r.TargetBytes, PeakBytes: r.PeakBytes,
			LowerBound: r.PeakIsLowerBound, Fits: r.Fits != nil && *r.Fits, FitsUpTo: r.FitsUpTo}
		anyFits = anyFits || row.Fits
		rows = append(rows, row)
	}
	switch format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rows); err != nil {
			fmt.Fprintf(e.stderr, "arraylint mem: write report: %v\n", err)
			return exitError
		}
	case "text":
		// The scope the table is for, in the text report's words (`heat.py: <module> — backend numpy`).
		if formula != nil {
			fmt.Fprintf(e.stdout, "%s: %s — backend %s, on every target\n", formula.Path, formula.Scope, formula.Backend)
		}
		w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintf(w, "target\tbudget\tpeak\tfits\tfits up to\t\n")
		for _, r := range rows {
			peak := memory.FormatBytes(r.PeakBytes)
			if r.LowerBound {
				peak = "≥ " + peak
			}
			fits, upTo := "no", "-"
			if r.Fits {
				fits = "yes"
			}
			if u := r.FitsUpTo; u != nil {
				upTo = u.Symbol + " = " + memory.Commas(u.Value)
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t\n", r.Target, memory.FormatBytes(r.BudgetBytes), peak, fits, upTo)
		}
		if err := w.Flush(); err != nil {
			fmt.Fprintf(e.stderr, "arraylint mem: write report: %v\n", err)
			return exitError
		}
		if formula != nil && formula.SolveForHint() != "" {
			fmt.Fprintf(e.stdout, "\npeak = %s B: %s\n", memory.PrettyExpr(formula.PeakExpr), formula.SolveForHint())
		}
	default:
		fmt.Fprintf(e.stderr, "arraylint mem: --target all writes text or json, not %s\n", format)
		return exitError
	}
	if !anyFits {
		return exitFindings
	}
	return exitOK
}
