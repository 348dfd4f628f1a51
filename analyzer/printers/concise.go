package printers

import (
	"bufio"
	"fmt"
	"io"

	"github.com/arraylint/arraylint/analyzer"
)

// concisePrinter writes one line per finding: `path:line:col: CODE [*] message`.
type concisePrinter struct{ opts Options }

// Print writes findings in the concise format.
func (p *concisePrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	bw := bufio.NewWriter(w)
	for _, f := range findings {
		fmt.Fprintf(bw, "%s: %s %s%s\n", paint(p.opts.Color, ansiBold, where(visible(f.Path), f.Cell, f.Line, f.Col)),
			paint(p.opts.Color, ansiBold+severityColor(f.Severity), f.Code), fixMark(f), visible(f.Message))
	}
	return bw.Flush()
}
