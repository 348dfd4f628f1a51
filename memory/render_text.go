package memory

import (
	"fmt"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"io"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/bindings"
)

// Chart dimensions of the text report, in terminal cells.
const (
	chartWidth  = 64
	chartHeight = 8
)

// WriteText writes the reports for a terminal: summary, live buffers at the peak, the memory vs
// program order chart, unknown sizes, loop growth, the out-of-memory report and suggestions.
func WriteText(w io.Writer, reports []*Report) error {
	var b strings.Builder
	for i, r := range reports {
		if i > 0 {
			b.WriteString("\n")
		}
		writeTextReport(&b, r)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write text report: %w", err)
	}
	return nil
}

func writeTextReport(b *strings.Builder, r *Report) {
	scope := r.Scope
	if r.JIT {
		scope += " (jax.jit)"
	}
	fmt.Fprintf(b, "%s: %s — backend %s\n", r.Path, scope, r.Backend)
	if len(r.freeSymbols()) == 0 || r.PeakExpr == fmt.Sprint(r.PeakBytes) {
		fmt.Fprintf(b, "  peak %s", r.PeakText())
		if r.PeakLine > 0 {
			fmt.Fprintf(b, " at %s", lineText(r.PeakCell, r.PeakLine))
		}
		if r.TargetBytes != nil {
			fmt.Fprintf(b, ", %.1f%% of %s (%s B)", *r.PercentOfTarget, r.Target, Commas(*r.TargetBytes))
			if r.Fits != nil && *r.Fits {
				b.WriteString(": fits")
			} else {
				b.WriteString(": DOES NOT FIT")
			}
		}
		b.WriteString("\n")
	}
	if r.CellOrder != "" {
		fmt.Fprintf(b, "  note: %s\n", r.CellOrder)
	}
	if r.PaddingBytes > 0 && r.PeakBytes > 0 {
		fmt.Fprintf(b, "  padding: %s of the peak (%.0f%%) is TPU tile padding (8 × 128 tiles of the last two dimensions)\n",
			FormatBytes(r.PaddingBytes), 100*float64(r.PaddingBytes)/float64(r.PeakBytes))
	}
	if t := r.ScaleText(); t != "" {
		b.WriteString("  " + t + "\n")
	}
	r.writeTextBody(b)
}

// ScaleText renders the peak's formula and the largest size that fits, for text, HTML and
// hovers: "peak = 24·size² − 32·size + 32 B; fits l4 up to size = 31,724", "peak 16·n² B for any
// n (a parameter of simulate); fits l4 up to n = 38,853", or "" when there is neither.
func (r *Report) ScaleText() string {
	var parts []string
	if r.PeakExpr != "" && r.PeakExpr != fmt.Sprint(r.PeakBytes) {
		if free := r.freeSymbols(); len(free) > 0 {
			// Sizes follow a parameter: the formula is the peak, a number would be meaningless.
			parts = append(parts, fmt.Sprintf("peak %s B for any %s (%s)", PrettyExpr(r.PeakExpr), strings.Join(free, ", "), freeKind(free, r.Scope)))
		} else {
			parts = append(parts, fmt.Sprintf("peak = %s B", PrettyExpr(r.PeakExpr)))
		}
	}
	if u := r.FitsUpTo; u != nil {
		parts = append(parts, fmt.Sprintf("fits %s up to %s = %s", r.Target, u.Symbol, Commas(u.Value)))
	} else if h := r.SolveForHint(); h != "" && r.TargetBytes != nil {
		parts = append(parts, h)
	}
	return strings.Join(parts, "; ")
}

// SolveForHint says, when several symbols move the peak, how to get the largest size that fits
// ("--solve-for cols or rows gives the largest value that fits"), or "".
func (r *Report) SolveForHint() string {
	switch n := len(r.several); {
	case n < 2:
		return ""
	case n == 2:
		return fmt.Sprintf("--solve-for %s or %s gives the largest value that fits", r.several[0], r.several[1])
	default:
		return fmt.Sprintf("--solve-for one of %s gives the largest value that fits", strings.Join(r.several, ", "))
	}
}

// SymbolsText renders the values the estimate took from outside the program: "with size =
// 20,000 (argparse default, line 17), np = numpy (convention, line 5), n free (parameter, line
// 3)", or "" when there are none.
func (r *Report) SymbolsText() string {
	if len(r.Symbols) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("with ")
	for i, sym := range r.Symbols {
		if i > 0 {
			b.WriteString(", ")
		}
		if sym.Source == absint.SourceParameter {
			what := "parameter"
			if bindings.InputSize(sym.Name) {
				what = "a parameter's size"
			}
			fmt.Fprintf(&b, "%s free (%s, line %d)", sym.Name, what, sym.Line)
			continue
		}
		fmt.Fprintf(&b, "%s = %s (%s)", sym.Name, valueText(sym), sourceText(sym, true))
	}
	return b.String()
}

// valueText renders the value a symbol took: 20,000, a module or an assumption's own Python
// text as written, None, True, 'text'.
func valueText(sym Symbol) string {
	switch v := sym.Value.(type) {
	case int64:
		return Commas(v)
	case string:
		if sym.Expr || sym.Source == absint.SourceConvention {
			return v
		}
	}
	return symbolValue(sym.Value)
}

// sourceText renders where a symbol's value comes from: "argparse default, line 17", "assumed".
func sourceText(sym Symbol, withLine bool) string {
	return sourcePhrase(sym.Source, sym.Line, withLine)
}

// writeTextBody writes what follows a report's peak: the values used, the live buffers, the
// chart, unknown sizes, growth, the out-of-memory report and suggestions.
func (r *Report) writeTextBody(b *strings.Builder) {
	if t := r.SymbolsText(); t != "" {
		b.WriteString("  " + t + "\n")
	}
	if len(r.LiveAtPeak) > 0 {
		b.WriteString("\n  live at the peak:\n")
		fmt.Fprintf(b, "    %-16s %-18s %-9s %15s  %s\n", "name", "shape", "dtype", "bytes", "line")
		for _, l := range r.LiveAtPeak {
			fmt.Fprintf(b, "    %-16s %-18s %-9s %15s  %s\n", clip(l.Name, 16), clip(absint.ShapeText(l.Shape), 18), l.DType, Commas(l.Bytes), lineShort(l.Cell, l.Line))
		}
	}
	if len(r.Timeline) > 0 {
		b.WriteString("\n  memory vs program order:\n")
		writeChart(b, r)
	}
	if len(r.Unknown) > 0 {
		b.WriteString("\n  sizes not known before the run (the peak is a lower bound):\n")
		for _, u := range r.Unknown {
			fmt.Fprintf(b, "    line %d: `%s`: %s", u.Line, u.Expr, u.Reason)
			switch {
			case u.BoundBytes == nil:
			case u.Bound == BoundInputs:
				fmt.Fprintf(b, " (inputs up to %s)", FormatBytes(*u.BoundBytes))
			default:
				fmt.Fprintf(b, " (at most %s)", FormatBytes(*u.BoundBytes))
			}
			b.WriteString("\n")
		}
	}
	for _, g := range r.Growth {
		if g.Nonlinear {
			fmt.Fprintf(b, "\n  loop at line %d grows `%s` faster than linearly (by %s in one iteration, more in the next)", g.Line, g.Name, FormatBytes(g.BytesPerIteration))
			if g.Iterations != nil {
				fmt.Fprintf(b, " × %s iterations", Commas(*g.Iterations))
			}
			b.WriteString(": its growth is not estimated, the peak is a lower bound\n")
			continue
		}
		fmt.Fprintf(b, "\n  loop at line %d grows `%s` by %s per iteration", g.Line, g.Name, FormatBytes(g.BytesPerIteration))
		if g.Iterations != nil {
			fmt.Fprintf(b, " × %s iterations", Commas(*g.Iterations))
		}
		b.WriteString("\n")
	}
	if o := r.OOM; o != nil {
		name := o.Name
		if name == "" {
			name = o.Expr
		}
		fmt.Fprintf(b, "\n  out of memory at %s: `%s` needs %s B in %s, but the live buffers hold %s of the available %s B:\n",
			lineText(o.Cell, o.Line), name, Commas(o.RequestBytes), o.Pool, Commas(o.HeldBytes), Commas(o.PoolBytes))
		for _, l := range o.Live {
			fmt.Fprintf(b, "    %-16s %15s B  made at line %d", clip(l.Name, 16), Commas(l.Bytes), l.Line)
			if l.StoreLine > 0 {
				fmt.Fprintf(b, ", store from line %d, covering %s", l.StoreLine, l.Covering)
			}
			b.WriteString("\n")
		}
	}
	if len(r.XLA) > 0 {
		b.WriteString("\n  XLA programs (as memory_analysis() counts them):\n")
		for _, p := range r.XLA {
			at := fmt.Sprintf("line %d", p.Line)
			if p.Call > 0 {
				at = fmt.Sprintf("called at line %d", p.Call)
			}
			fmt.Fprintf(b, "    %s (%s): arguments %s, outputs %s, temporaries %s", p.Func, at,
				FormatBytes(p.ArgumentBytes), FormatBytes(p.OutputBytes), FormatBytes(p.TempBytes))
			if p.AliasBytes > 0 {
				fmt.Fprintf(b, ", aliased to donated arguments %s", FormatBytes(p.AliasBytes))
			}
			fmt.Fprintf(b, ": total %s", FormatBytes(p.TotalBytes))
			if p.DonationSavesBytes > 0 {
				fmt.Fprintf(b, "; donation would save %s", FormatBytes(p.DonationSavesBytes))
			}
			b.WriteString("\n")
		}
	}
	if len(r.Mitigations) > 0 {
		b.WriteString("\n  mitigations (cuPyNumeric OOM guide, in its order):\n")
		for _, m := range r.Mitigations {
			fmt.Fprintf(b, "    - %s\n", m)
		}
	}
	if len(r.Suggestions) > 0 && (r.OOM != nil || r.TargetBytes == nil || (r.PercentOfTarget != nil && *r.PercentOfTarget > 50)) {
		b.WriteString("\n  what would help:\n")
		for _, s := range r.Suggestions {
			fmt.Fprintf(b, "    - %s\n", s)
		}
	}
}

// writeChart draws the timeline with block characters: one column per bucket of steps (its
// highest value), the peak column marked below the axis.
func writeChart(b *strings.Builder, r *Report) {
	pts := r.Timeline
	top := r.PeakBytes
	if r.TargetBytes != nil && *r.TargetBytes > top && *r.TargetBytes < 4*top {
		top = *r.TargetBytes
	}
	if top <= 0 {
		return
	}
	width := chartWidth
	cols := make([]int64, width)
	peakCol := -1
	for c := 0; c < width; c++ {
		lo, hi := c*len(pts)/width, (c+1)*len(pts)/width
		hi = max(hi, lo+1)
		for _, p := range pts[lo:min(hi, len(pts))] {
			cols[c] = max(cols[c], p.Bytes)
		}
		if peakCol < 0 && cols[c] == r.PeakBytes {
			peakCol = c
		}
	}
	peakCol = max(peakCol, 0)
	blocks := []rune(" ▁▂▃▄▅▆▇█")
	for row := chartHeight - 1; row >= 0; row-- {
		label := ""
		switch row {
		case chartHeight - 1:
			label = FormatBytes(top)
			if top == npapi.Saturated {
				label = "> 8 EiB" // the axis has 10 columns for its label
			}
		case 0:
			label = "0"
		}
		fmt.Fprintf(b, "    %10s ┤", label)
		for _, v := range cols {
			cell := float64(v) / float64(top) * chartHeight
			fill := cell - float64(row)
			switch {
			case fill >= 1:
				b.WriteRune('█')
			case fill <= 0:
				b.WriteRune(' ')
			default:
				b.WriteRune(blocks[int(fill*8)])
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "    %10s └%s\n", "", strings.Repeat("─", width))
	fmt.Fprintf(b, "    %10s  %s▲ peak, %s\n", "", strings.Repeat(" ", peakCol), lineText(r.PeakCell, r.PeakLine))
	first, last := pts[0], pts[len(pts)-1]
	steps := "steps"
	if len(pts) == 1 {
		steps = "step"
	}
	fmt.Fprintf(b, "    %10s  program order: %s … %s (%d %s)\n", "", lineText(first.Cell, first.Line), lineText(last.Cell, last.Line), len(pts), steps)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// symbolValue renders a symbol's value as Python would: None, True, 'text', 20000.
func symbolValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "None"
	case bool:
		if v {
			return "True"
		}
		return "False"
	case string:
		return fmt.Sprintf("%q", v)
	case int64:
		return Commas(v)
	}
	return fmt.Sprint(v)
}

// withExactBytes renders n as FormatBytes does, followed by the exact count in parentheses when
// the short form rounds ("80 B", but "1.5 KiB (1,536 B)").
func withExactBytes(n int64) string {
	short, exact := FormatBytes(n), Commas(n)+" B"
	if short == exact || short == fmt.Sprintf("%d B", n) {
		return short
	}
	return short + " (" + exact + ")"
}

// freeKind says what free symbols of scope are: parameters (n), or sizes of parameters
// (X.shape[0], len(X)).
func freeKind(free []string, scope string) string {
	sizes := 0
	for _, f := range free {
		if bindings.InputSize(f) {
			sizes++
		}
	}
	switch {
	case len(free) == 1 && sizes == 0:
		return "a parameter of " + scope
	case len(free) == 1:
		return "the size of a parameter of " + scope
	case sizes == 0:
		return "parameters of " + scope
	}
	return "parameters of " + scope + " and their sizes"
}

// freeSymbols returns the report's free symbols (the parameters its sizes depend on).
func (r *Report) freeSymbols() []string {
	var out []string
	for _, s := range r.Symbols {
		if s.Source == absint.SourceParameter {
			out = append(out, s.Name)
		}
	}
	return out
}
