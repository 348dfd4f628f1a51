package printers

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
)

// githubPrinter writes GitHub Actions workflow commands, which annotate the pull request diff.
type githubPrinter struct{}

// Print writes findings in the github format.
func (githubPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	bw := bufio.NewWriter(w)
	for _, f := range findings {
		level := "notice"
		switch f.Severity {
		case analyzer.Error:
			level = "error"
		case analyzer.Warning:
			level = "warning"
		}
		fmt.Fprintf(bw, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n", level,
			ghProperty(f.Path), f.Line, f.Col, f.EndLine, f.EndCol, ghProperty(f.Code+" ("+f.Name+")"),
			ghData(fmt.Sprintf("%s: %s %s", where(f.Path, f.Cell, f.Line, f.Col), f.Code, f.Message)))
	}
	return bw.Flush()
}

var (
	ghDataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghPropertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// ghData escapes a workflow command's message.
func ghData(s string) string { return ghDataEscaper.Replace(s) }

// ghProperty escapes a workflow command property value.
func ghProperty(s string) string { return ghPropertyEscaper.Replace(s) }
