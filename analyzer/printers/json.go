package printers

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/pyparse"
)

// jsonPrinter writes the JSON schema documented in docs/output-formats.md: an array of objects
// that tools reading Ruff's JSON output can also read. Columns count characters (code points),
// as Ruff's do, when the source is available, UTF-8 bytes otherwise; offsets are bytes.
type jsonPrinter struct {
	lines *lineCache
}

// loc returns the location of byte offset off of path; line and col are the finding's own
// (byte-column) position, used when the source is unknown.
func (p jsonPrinter) loc(path string, cell int, off pyparse.Offset, line, col int) jsonLocation {
	if x, _ := p.lines.getCell(path, cell); x != nil {
		l, c := x.LineColRune(off)
		return jsonLocation{l, c + 1, int(off)}
	}
	return jsonLocation{line, col, int(off)}
}

type jsonLocation struct {
	Row    int `json:"row"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

type jsonEdit struct {
	Content     string       `json:"content"`
	Location    jsonLocation `json:"location"`
	EndLocation jsonLocation `json:"end_location"`
	Cell        int          `json:"cell,omitempty"`
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
	Cell        int          `json:"cell,omitempty"`
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
	// Cell is, in a notebook, the 1-based number of the cell the location is in (Ruff's field).
	Cell int `json:"cell,omitempty"`
	// Scale is which arrays the rule counted as large here ("large" or "known"; the sized rules
	// only): the `scale` setting, with "auto" resolved for the file.
	Scale string `json:"scale,omitempty"`
}

// Print writes findings in the json format.
func (p jsonPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	out := make([]jsonFinding, 0, len(findings))
	for _, f := range findings {
		out = append(out, p.toJSON(f))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// jsonLinesPrinter writes the objects of the json format one per line (JSON Lines), so a consumer
// can stream them and a run without findings prints nothing.
type jsonLinesPrinter struct{ jsonPrinter }

// Print writes findings in the json-lines format.
func (p jsonLinesPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for _, f := range findings {
		if err := enc.Encode(p.toJSON(f)); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// toJSON converts a finding to the object of the json and json-lines formats.
func (p jsonPrinter) toJSON(f analyzer.Finding) jsonFinding {
	jf := jsonFinding{
		Code: f.Code, Name: f.Name, Message: f.Message, Severity: f.Severity.String(), Filename: f.Path,
		Location:    p.loc(f.Path, f.Cell, f.Range.Start, f.Line, f.Col),
		EndLocation: p.loc(f.Path, f.Cell, f.Range.End, f.EndLine, f.EndCol),
		Related:     []jsonRelated{}, NoqaRow: f.Line, URL: analyzer.DocsLink(f.URL), Cell: f.Cell,
		Scale: f.Scale,
	}
	if f.Fix != nil {
		fix := &jsonFix{Applicability: f.Fix.Applicability.String(), Message: f.Fix.Message, Edits: []jsonEdit{}}
		for _, e := range f.Fix.Edits {
			fix.Edits = append(fix.Edits, jsonEdit{Content: e.NewText, Cell: e.Cell,
				Location:    p.loc(f.Path, e.Cell, e.Range.Start, e.Line, e.Col),
				EndLocation: p.loc(f.Path, e.Cell, e.Range.End, e.EndLine, e.EndCol)})
		}
		jf.Fix = fix
	}
	for _, r := range f.Related {
		jf.Related = append(jf.Related, jsonRelated{Message: r.Message, Filename: r.Path, Cell: r.Cell,
			Location:    p.loc(r.Path, r.Cell, r.Range.Start, r.Line, r.Col),
			EndLocation: p.loc(r.Path, r.Cell, r.Range.End, r.EndLine, r.EndCol)})
	}
	return jf
}
