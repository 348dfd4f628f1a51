package analyzer

import (
	"fmt"

	"github.com/arraylint/arraylint/pyparse"
)

// Finding is one reported problem, with byte ranges and, at the edges, 1-based line and 1-based
// byte column (End is exclusive: EndCol is the column just past the range).
type Finding struct {
	Path     string        `json:"path"`
	Range    pyparse.Range `json:"range"`
	Line     int           `json:"line"`
	Col      int           `json:"col"`
	EndLine  int           `json:"end_line"`
	EndCol   int           `json:"end_col"`
	Code     string        `json:"code"`
	Name     string        `json:"name"`
	Message  string        `json:"message"`
	URL      string        `json:"url"`
	Severity Severity      `json:"severity"`
	Related  []Related     `json:"related,omitempty"`
	// Scale is which arrays the finding's rule counted as large for this file (`scale`:
	// "large" or "known", as "auto" resolved), for the rules that size their findings.
	Scale string `json:"scale,omitempty"`
	Fix   *Fix   `json:"fix,omitempty"`
	// Cell is, in a Jupyter notebook, the 1-based number of the cell the finding is in; Range,
	// Line and Col are then relative to that cell's source. It is 0 in a Python file, and for
	// a finding about a notebook file as a whole (one that is not valid JSON).
	Cell int `json:"cell,omitempty"`
}

// Related is a secondary location of a finding.
type Related struct {
	Path    string        `json:"path"`
	Range   pyparse.Range `json:"range"`
	Line    int           `json:"line"`
	Col     int           `json:"col"`
	EndLine int           `json:"end_line"`
	EndCol  int           `json:"end_col"`
	Message string        `json:"message"`
	Cell    int           `json:"cell,omitempty"` // as Finding.Cell
}

// Fix is a finding's suggested fix: non-overlapping edits of the finding's file.
type Fix struct {
	Message       string        `json:"message"`
	Applicability Applicability `json:"applicability"`
	Edits         []Edit        `json:"edits"`
}

// Edit replaces the bytes of Range with NewText. The driver also fills the 1-based line and byte
// column of both ends for printers.
type Edit struct {
	Range   pyparse.Range `json:"range"`
	NewText string        `json:"new_text"`
	Line    int           `json:"line,omitempty"`
	Col     int           `json:"col,omitempty"`
	EndLine int           `json:"end_line,omitempty"`
	EndCol  int           `json:"end_col,omitempty"`
	Cell    int           `json:"cell,omitempty"` // as Finding.Cell
}

// MarshalText encodes a severity as its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	*s = v
	return err
}

// MarshalText encodes an applicability as its name.
func (a Applicability) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText decodes an applicability name.
func (a *Applicability) UnmarshalText(b []byte) error {
	for i, n := range applicabilityNames {
		if n == string(b) {
			*a = Applicability(i)
			return nil
		}
	}
	return fmt.Errorf("parse applicability %q: want safe, unsafe or display", b)
}
