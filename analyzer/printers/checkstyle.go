package printers

import (
	"encoding/xml"
	"io"

	"github.com/arraylint/arraylint/analyzer"
)

// checkstylePrinter writes Checkstyle's XML report, which Jenkins (warnings-ng), SonarQube and
// other CI dashboards import: a <file> per file in the order of the findings, an <error> per
// finding with 1-based line and byte column.
type checkstylePrinter struct{}

type checkstyleReport struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Line     int    `xml:"line,attr"`
	Column   int    `xml:"column,attr"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

// checkstyleSeverity maps a severity to Checkstyle's error, warning and info.
func checkstyleSeverity(s analyzer.Severity) string {
	switch s {
	case analyzer.Error:
		return "error"
	case analyzer.Warning:
		return "warning"
	}
	return "info"
}

// Print writes findings in the checkstyle format.
func (checkstylePrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	rep := checkstyleReport{Version: "4.3"}
	index := map[string]int{}
	for _, f := range findings {
		i, ok := index[f.Path]
		if !ok {
			i = len(rep.Files)
			index[f.Path] = i
			rep.Files = append(rep.Files, checkstyleFile{Name: f.Path})
		}
		rep.Files[i].Errors = append(rep.Files[i].Errors, checkstyleError{Line: f.Line, Column: f.Col,
			Severity: checkstyleSeverity(f.Severity), Message: cellPrefix(f.Cell) + f.Code + " " + f.Message, Source: "arraylint." + f.Code})
	}
	return writeXML(w, rep)
}

// writeXML writes v as an indented XML document with a declaration and a final newline.
func writeXML(w io.Writer, v any) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
