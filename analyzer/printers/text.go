package printers

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
)

// textPrinter writes each finding as Ruff and rustc do: a `path:line:col: CODE message` header,
// the source line with a caret underline of the range, and help/note lines for the fix and
// related locations.
type textPrinter struct {
	opts  Options
	lines *lineCache
}

// Print writes findings in the text format.
func (p *textPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	bw := bufio.NewWriter(w)
	c := p.opts.Color
	for i, f := range findings {
		if i > 0 {
			bw.WriteString("\n")
		}
		fmt.Fprintf(bw, "%s: %s %s%s\n", paint(c, ansiBold, where(visible(f.Path), f.Cell, f.Line, f.Col)),
			paint(c, ansiBold+severityColor(f.Severity), f.Code), fixMark(f), paint(c, ansiBold, visible(f.Message)))
		gutter := len(strconv.Itoa(f.Line))
		pad := strings.Repeat(" ", gutter)
		// An I/O error is about the file, not a place in it: no source line.
		if x, src := p.lines.getCell(f.Path, f.Cell); x != nil && f.Line >= 1 && f.Line <= x.LineCount() && f.Code != driver.IOError.Spec.Code {
			start, end := x.LineStart(f.Line), x.LineEnd(f.Line)
			line := string(src[start:end])
			from := min(max(int(f.Range.Start-start), 0), len(line))
			to := len(line)
			if f.EndLine == f.Line {
				to = min(max(int(f.Range.End-start), from), len(line))
			}
			line, from, to = snippetWindow(line, from, to)
			// Controls are escaped (see visible) before the columns are counted, so the
			// carets stay under the range.
			shown := expandTabs(visible(line))
			lead := width(expandTabs(visible(line[:from])))
			n := max(width(expandTabs(visible(line[:to])))-lead, 1)
			fmt.Fprintf(bw, "%s %s\n", pad, paint(c, ansiBlue, "|"))
			fmt.Fprintf(bw, "%s %s %s\n", paint(c, ansiBlue, strconv.Itoa(f.Line)), paint(c, ansiBlue, "|"), shown)
			fmt.Fprintf(bw, "%s %s %s%s\n", pad, paint(c, ansiBlue, "|"), strings.Repeat(" ", lead),
				paint(c, severityColor(f.Severity), strings.Repeat("^", n)))
		}
		if f.Fix != nil {
			label := "help"
			switch f.Fix.Applicability {
			case analyzer.Unsafe:
				label = "help (unsafe fix)"
			case analyzer.DisplayOnly:
				label = "help (not applied)"
			}
			fmt.Fprintf(bw, "%s %s %s: %s\n", pad, paint(c, ansiBlue, "="), paint(c, ansiCyan, label), visible(f.Fix.Message))
		}
		for _, r := range f.Related {
			fmt.Fprintf(bw, "%s %s note: %s: %s\n", pad, paint(c, ansiBlue, "="), where(visible(r.Path), r.Cell, r.Line, r.Col), visible(r.Message))
		}
	}
	return bw.Flush()
}

// maxSnippet is the longest source line the text format shows whole, in bytes; a longer one
// (minified or generated code, a 10 MB data literal) is cut to a window around the finding.
const maxSnippet = 200

// snippetContext is how many bytes of a long line are kept on each side of the finding.
const snippetContext = 60

// snippetWindow returns line, or for a line longer than maxSnippet the part of it around the
// range [from, to) (itself cut to maxSnippet) with "…" marking what was left out, and the range
// moved into it. Cuts fall on UTF-8 boundaries.
func snippetWindow(line string, from, to int) (string, int, int) {
	if len(line) <= maxSnippet {
		return line, from, to
	}
	start := max(from-snippetContext, 0)
	end := min(max(to, from)+snippetContext, len(line), start+maxSnippet)
	for start > 0 && !utf8.RuneStart(line[start]) {
		start--
	}
	for end < len(line) && !utf8.RuneStart(line[end]) {
		end++
	}
	prefix, suffix := "", ""
	if start > 0 {
		prefix = "…"
	}
	if end < len(line) {
		suffix = "…"
	}
	shift := len(prefix) - start
	return prefix + line[start:end] + suffix, min(from+shift, len(prefix)+end-start), min(to+shift, len(prefix)+end-start)
}

// expandTabs replaces tabs with spaces to the next multiple of 4 so carets line up.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 4 - col%4
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// width is the number of terminal columns of s, taken as one per code point.
func width(s string) int { return utf8.RuneCountInString(s) }
