package printers

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/arraylint/arraylint/analyzer"
)

// This file defines the rdjson and rdjsonl printers: reviewdog's Diagnostic Format
// (proto/rdf/reviewdog.proto of github.com/reviewdog/reviewdog), which reviewdog reads with
// -f=rdjson (one DiagnosticResult) and -f=rdjsonl (one Diagnostic per line). Positions are 1-based
// lines and 1-based UTF-8 byte columns with exclusive ends, as in Finding, so they pass through.

// rdjsonPrinter writes one DiagnosticResult; rdjsonlPrinter one Diagnostic per line.
type (
	rdjsonPrinter  struct{}
	rdjsonlPrinter struct{}
)

type rdResult struct {
	Source      rdSource       `json:"source"`
	Diagnostics []rdDiagnostic `json:"diagnostics"`
}

type rdSource struct {
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
}

type rdDiagnostic struct {
	Message          string       `json:"message"`
	Location         rdLocation   `json:"location"`
	Severity         string       `json:"severity"`
	Source           *rdSource    `json:"source,omitempty"`
	Code             rdCode       `json:"code"`
	Suggestions      []rdSuggest  `json:"suggestions,omitempty"`
	OriginalOutput   string       `json:"original_output"`
	RelatedLocations []rdRelation `json:"related_locations,omitempty"`
}

type rdLocation struct {
	Path  string  `json:"path"`
	Range rdRange `json:"range"`
}

type rdRange struct {
	Start rdPosition `json:"start"`
	End   rdPosition `json:"end"`
}

type rdPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type rdCode struct {
	Value string `json:"value"`
	URL   string `json:"url,omitempty"`
}

type rdSuggest struct {
	Range rdRange `json:"range"`
	Text  string  `json:"text"`
}

type rdRelation struct {
	Message  string     `json:"message,omitempty"`
	Location rdLocation `json:"location"`
}

// rdSourceArraylint names the tool in reports; reviewdog shows it as the comment's origin.
var rdSourceArraylint = rdSource{Name: "arraylint", URL: homepage}

// rdSeverity maps a severity to the Severity enum's name.
func rdSeverity(s analyzer.Severity) string {
	switch s {
	case analyzer.Error:
		return "ERROR"
	case analyzer.Warning:
		return "WARNING"
	}
	return "INFO"
}

// toRD converts a finding. A fix that --fix or --unsafe-fixes could apply becomes suggestions
// (reviewdog offers them as suggested changes on GitHub); display-only fixes do not.
func toRD(f analyzer.Finding) rdDiagnostic {
	d := rdDiagnostic{
		Message:  cellPrefix(f.Cell) + f.Message,
		Location: rdLocation{Path: f.Path, Range: rdRange{rdPosition{f.Line, f.Col}, rdPosition{f.EndLine, f.EndCol}}},
		Severity: rdSeverity(f.Severity),
		Code:     rdCode{Value: f.Code, URL: docsLink(f.URL)},
		// reviewdog's local reporter prints this line instead of the whole diagnostic.
		OriginalOutput: fmt.Sprintf("%s: %s %s", where(f.Path, f.Cell, f.Line, f.Col), f.Code, f.Message),
	}
	// A notebook's edits are in cell positions, not the file's: no suggestion to apply.
	if f.Fix != nil && f.Fix.Applicability != analyzer.DisplayOnly && f.Cell == 0 {
		for _, e := range f.Fix.Edits {
			d.Suggestions = append(d.Suggestions, rdSuggest{
				Range: rdRange{rdPosition{e.Line, e.Col}, rdPosition{e.EndLine, e.EndCol}}, Text: e.NewText})
		}
	}
	for _, r := range f.Related {
		d.RelatedLocations = append(d.RelatedLocations, rdRelation{Message: r.Message,
			Location: rdLocation{Path: r.Path, Range: rdRange{rdPosition{r.Line, r.Col}, rdPosition{r.EndLine, r.EndCol}}}})
	}
	return d
}

// docsLink makes a rule's documentation path (docs/rules/AL304.md) an absolute link.
func docsLink(rel string) string {
	if rel == "" {
		return ""
	}
	return analyzer.DocsBase + rel
}

// Print writes findings in the rdjson format.
func (rdjsonPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	res := rdResult{Source: rdSourceArraylint, Diagnostics: make([]rdDiagnostic, 0, len(findings))}
	for _, f := range findings {
		res.Diagnostics = append(res.Diagnostics, toRD(f))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// Print writes findings in the rdjsonl format; each line names its source, as a line must stand
// alone.
func (rdjsonlPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for _, f := range findings {
		d := toRD(f)
		d.Source = &rdSourceArraylint
		if err := enc.Encode(d); err != nil {
			return err
		}
	}
	return bw.Flush()
}
