package analyzer

import (
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/pyparse"
	"golang.org/x/tools/go/analysis"
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
	Fix      *Fix          `json:"fix,omitempty"`
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

// applicabilityMark prefixes the Message of a SuggestedFix whose applicability is not Safe. It
// starts with a control character no real message holds; the driver strips it.
const applicabilityMark = "\x1farraylint:"

// SetApplicability records how a fix may be applied (the default is Safe).
func SetApplicability(fix *analysis.SuggestedFix, a Applicability) {
	_, msg := FixApplicability(*fix)
	if a == Safe {
		fix.Message = msg
		return
	}
	fix.Message = applicabilityMark + a.String() + "\x1f" + msg
}

// FixApplicability returns the applicability recorded by SetApplicability and the fix message
// without the record.
func FixApplicability(fix analysis.SuggestedFix) (Applicability, string) {
	rest, ok := strings.CutPrefix(fix.Message, applicabilityMark)
	if !ok {
		return Safe, fix.Message
	}
	name, msg, _ := strings.Cut(rest, "\x1f")
	for i, n := range applicabilityNames {
		if n == name {
			return Applicability(i), msg
		}
	}
	return Safe, msg
}
