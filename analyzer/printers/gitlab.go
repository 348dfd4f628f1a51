package printers

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
)

// gitlabPrinter writes a GitLab Code Quality report: a JSON array of issues in the subset of the
// Code Climate format GitLab reads (description, check_name, fingerprint, severity,
// location.path, location.lines.begin).
type gitlabPrinter struct {
	lines *lineCache
}

type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
	End   int `json:"end"`
}

// gitlabSeverity maps a severity to one of GitLab's info, minor, major, critical and blocker.
func gitlabSeverity(s analyzer.Severity) string {
	switch s {
	case analyzer.Error:
		return "critical"
	case analyzer.Warning:
		return "major"
	}
	return "info"
}

// Print writes findings in the gitlab format.
func (p *gitlabPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	out := make([]gitlabIssue, 0, len(findings))
	fp := newFingerprinter(p.lines)
	for _, f := range findings {
		out = append(out, gitlabIssue{
			Description: cellPrefix(f.Cell) + f.Code + " (" + f.Name + "): " + f.Message,
			CheckName:   f.Code,
			Fingerprint: fp.of(f),
			Severity:    gitlabSeverity(f.Severity),
			Location:    gitlabLocation{Path: reportPath(f.Path), Lines: gitlabLines{f.Line, f.EndLine}},
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// reportPath is a finding's path as review tools compare it with their diff: slash-separated,
// without a leading "./".
func reportPath(path string) string {
	p := filepath.ToSlash(path)
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	return p
}

// fingerprinter gives each finding of one report an identity that survives runs and edits
// elsewhere in the file: a hash of the path, the rule code, the flagged source text with its
// whitespace collapsed (the message when the source is unknown) and how many findings of the
// report before it share those three. Line numbers are left out, so inserting lines above a
// finding keeps its fingerprint; the occurrence index keeps fingerprints unique within a report.
type fingerprinter struct {
	lines *lineCache
	seen  map[string]int
}

func newFingerprinter(lines *lineCache) *fingerprinter {
	return &fingerprinter{lines: lines, seen: map[string]int{}}
}

// of returns f's fingerprint; call it for the findings in report order.
func (fp *fingerprinter) of(f analyzer.Finding) string {
	key := reportPath(f.Path) + "\x00" + f.Code + "\x00" + fp.content(f)
	n := fp.seen[key]
	fp.seen[key] = n + 1
	sum := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(n)))
	return hex.EncodeToString(sum[:16])
}

// content is the normalized text a finding flags: its range, or its whole line when the range is
// empty, with runs of white space made one space; the message when the source is unknown.
func (fp *fingerprinter) content(f analyzer.Finding) string {
	_, src := fp.lines.getCell(f.Path, f.Cell)
	start, end := int(f.Range.Start), int(f.Range.End)
	if src == nil || start < 0 || end > len(src) || start > end {
		return "message:" + f.Message
	}
	if start == end {
		start = bytes.LastIndexAny(src[:start], "\r\n") + 1
		if i := bytes.IndexAny(src[end:], "\r\n"); i >= 0 {
			end += i
		} else {
			end = len(src)
		}
	}
	return "source:" + strings.Join(strings.Fields(string(src[start:end])), " ")
}
