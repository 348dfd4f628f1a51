// Package printers renders findings in each output format, one file per format behind the
// Printer interface (golangci-lint's layout): text, concise, json, json-lines, sarif, github,
// rdjson and rdjsonl (reviewdog), gitlab (Code Quality), checkstyle and junit.
package printers

import (
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/notebook"
	"github.com/arraylint/arraylint/pyparse"
)

// Printer writes a run's findings to w.
type Printer interface {
	Print(w io.Writer, findings []analyzer.Finding) error
}

// Options configures printers.
type Options struct {
	// Color enables ANSI colours (text and concise only).
	Color bool
	// Source returns the content of a checked file, or nil. The text printer shows source lines
	// from it; JSON and SARIF compute code-point columns with it.
	Source func(path string) []byte
	// Rules lists the rules of the run, for SARIF's rule table (findings' rules are added anyway).
	Rules []*analyzer.Rule
	// Version is the tool version for SARIF.
	Version string
	// Files lists every checked file, for the junit format's passing test cases.
	Files []string
}

// homepage is arraylint's web address, which SARIF and rdjson name as the tool's.
const homepage = "https://github.com/arraylint/arraylint"

// Formats lists the supported format names.
var Formats = []string{"text", "concise", "json", "json-lines", "sarif", "github", "rdjson", "rdjsonl", "gitlab", "checkstyle", "junit"}

// New returns the printer for format.
func New(format string, opts Options) (Printer, error) {
	switch format {
	case "text":
		return &textPrinter{opts: opts, lines: newLineCache(opts.Source)}, nil
	case "concise":
		return &concisePrinter{opts: opts}, nil
	case "json":
		return jsonPrinter{lines: newLineCache(opts.Source)}, nil
	case "json-lines":
		return jsonLinesPrinter{jsonPrinter{lines: newLineCache(opts.Source)}}, nil
	case "sarif":
		return &sarifPrinter{opts: opts, lines: newLineCache(opts.Source)}, nil
	case "github":
		return githubPrinter{}, nil
	case "rdjson":
		return rdjsonPrinter{}, nil
	case "rdjsonl":
		return rdjsonlPrinter{}, nil
	case "gitlab":
		return &gitlabPrinter{lines: newLineCache(opts.Source)}, nil
	case "checkstyle":
		return checkstylePrinter{}, nil
	case "junit":
		return junitPrinter{files: opts.Files}, nil
	}
	return nil, fmt.Errorf("select output format %q: want one of %v", format, Formats)
}

// IsFormat reports whether name is a supported format.
func IsFormat(name string) bool { return slices.Contains(Formats, name) }

// lineCache indexes the lines of each source file once.
type lineCache struct {
	source func(string) []byte
	mu     sync.Mutex
	byPath map[string]*pyparse.LineIndex
	cells  map[cellKey]cellLines // notebook cells' sources
}

// cellKey names one cell of a notebook.
type cellKey struct {
	path string
	cell int
}

type cellLines struct {
	x   *pyparse.LineIndex
	src []byte
}

func newLineCache(source func(string) []byte) *lineCache {
	return &lineCache{source: source, byPath: map[string]*pyparse.LineIndex{}, cells: map[cellKey]cellLines{}}
}

// getCell is get for a finding's place: the source of cell (1-based) when the file is a notebook
// and cell > 0, the whole file otherwise.
func (c *lineCache) getCell(path string, cell int) (*pyparse.LineIndex, []byte) {
	if cell <= 0 {
		return c.get(path)
	}
	if c.source == nil {
		return nil, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	k := cellKey{path, cell}
	if cl, ok := c.cells[k]; ok {
		return cl.x, cl.src
	}
	var cl cellLines
	if data := c.source(path); data != nil {
		if nb, err := notebook.Parse(data); err == nil && cell <= len(nb.Cells) {
			cl.src = []byte(nb.Cells[cell-1].Source)
			cl.x = pyparse.NewLineIndex(cl.src)
		}
	}
	c.cells[k] = cl
	return cl.x, cl.src
}

// cellPrefix is "cell N: " for a finding in cell N of a notebook, for formats whose locations have
// no place for a cell (their lines count in the cell), and "" otherwise.
func cellPrefix(cell int) string {
	if cell > 0 {
		return fmt.Sprintf("cell %d: ", cell)
	}
	return ""
}

// where is the place of a finding as the text formats show it: `path:line:col`, and for a cell of
// a notebook `path:cell N:line:col`.
func where(path string, cell, line, col int) string {
	if cell > 0 {
		return fmt.Sprintf("%s:cell %d:%d:%d", path, cell, line, col)
	}
	return fmt.Sprintf("%s:%d:%d", path, line, col)
}

// get returns the line index and source of path, or nil when the source is unknown.
func (c *lineCache) get(path string) (*pyparse.LineIndex, []byte) {
	if c.source == nil {
		return nil, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	src := c.source(path)
	if src == nil {
		return nil, nil
	}
	x, ok := c.byPath[path]
	if !ok {
		x = pyparse.NewLineIndex(src)
		c.byPath[path] = x
	}
	return x, src
}

// ANSI colour codes.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBlue   = "\x1b[34m"
	ansiCyan   = "\x1b[36m"
)

func paint(on bool, code, s string) string {
	if !on {
		return s
	}
	return code + s + ansiReset
}

func severityColor(s analyzer.Severity) string {
	switch s {
	case analyzer.Error:
		return ansiRed
	case analyzer.Warning:
		return ansiYellow
	}
	return ansiBlue
}

// fixMark is Ruff's "[*]" for findings with a fix --fix applies.
func fixMark(f analyzer.Finding) string {
	if f.Fix != nil && f.Fix.Applicability == analyzer.Safe {
		return "[*] "
	}
	return ""
}
