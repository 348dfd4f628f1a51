package printers

import (
	"encoding/json"
	"io"

	"github.com/arraylint/arraylint/analyzer"
)

// jsonPrinter writes the JSON schema documented in docs/output-formats.md: an array of objects
// that tools reading Ruff's JSON output can also read.
type jsonPrinter struct{}

type jsonLocation struct {
	Row    int `json:"row"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

type jsonEdit struct {
	Content     string       `json:"content"`
	Location    jsonLocation `json:"location"`
	EndLocation jsonLocation `json:"end_location"`
}

type jsonFix struct {
	Applicability string     `json:"applicability"`
	Message       string     `json:"message"`
	Edits         []jsonEdit `json:"edits"`
}

type jsonRelated struct {
	Message     string       `json:"message"`
	Filename    string       `json:"filename"`
	Location    jsonLocation `json:"location"`
	EndLocation jsonLocation `json:"end_location"`
}

type jsonFinding struct {
	Code        string        `json:"code"`
	Name        string        `json:"name"`
	Message     string        `json:"message"`
	Severity    string        `json:"severity"`
	Filename    string        `json:"filename"`
	Location    jsonLocation  `json:"location"`
	EndLocation jsonLocation  `json:"end_location"`
	Fix         *jsonFix      `json:"fix"`
	Related     []jsonRelated `json:"related"`
	NoqaRow     int           `json:"noqa_row"`
	URL         string        `json:"url"`
}

// Print writes findings in the json format.
func (jsonPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	out := make([]jsonFinding, 0, len(findings))
	for _, f := range findings {
		jf := jsonFinding{
			Code: f.Code, Name: f.Name, Message: f.Message, Severity: f.Severity.String(), Filename: f.Path,
			Location:    jsonLocation{f.Line, f.Col, int(f.Range.Start)},
			EndLocation: jsonLocation{f.EndLine, f.EndCol, int(f.Range.End)},
			Related:     []jsonRelated{}, NoqaRow: f.Line, URL: analyzer.DocsLink(f.URL),
		}
		if f.Fix != nil {
			fix := &jsonFix{Applicability: f.Fix.Applicability.String(), Message: f.Fix.Message, Edits: []jsonEdit{}}
			for _, e := range f.Fix.Edits {
				fix.Edits = append(fix.Edits, jsonEdit{Content: e.NewText,
					Location:    jsonLocation{e.Line, e.Col, int(e.Range.Start)},
					EndLocation: jsonLocation{e.EndLine, e.EndCol, int(e.Range.End)}})
			}
			jf.Fix = fix
		}
		for _, r := range f.Related {
			jf.Related = append(jf.Related, jsonRelated{Message: r.Message, Filename: r.Path,
				Location:    jsonLocation{r.Line, r.Col, int(r.Range.Start)},
				EndLocation: jsonLocation{r.EndLine, r.EndCol, int(r.Range.End)}})
		}
		out = append(out, jf)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
