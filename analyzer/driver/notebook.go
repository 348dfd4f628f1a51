package driver

// This file defines how Jupyter notebooks are checked, fixed and annotated: the notebook package
// turns the file into one Python program of its code cells (IPython syntax masked), the program is
// checked as any source, and findings are mapped back to cells (Finding.Cell, positions relative
// to the cell's source). Fixes are applied to the program under a notebook.Tracker, which refuses
// edits that would cross a cell boundary or touch masked IPython syntax, and the fixed cells are
// written back into the file's original bytes (notebook.Rewrite), outputs and metadata untouched.

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/notebook"
	"github.com/arraylint/arraylint/pyparse"
)

// IsNotebook reports whether path names a Jupyter notebook (its extension is .ipynb).
func IsNotebook(path string) bool {
	return strings.EqualFold(filepath.Ext(path), notebook.Ext)
}

// Notebook is a notebook file read for checking: the notebook and its Python program.
type Notebook struct {
	NB      *notebook.Notebook
	Program *notebook.Program
	// lines indexes each cell's source, by the index into NB.Cells, built on first use.
	lines map[int]*pyparse.LineIndex
	// progLines indexes the program, built on first use.
	progLines *pyparse.LineIndex
}

// programLineRE finds the program line numbers a message names ("after 'if' statement on line
// 237", "(detected at line 309)", "Line 12: 14.9 GiB live").
var programLineRE = regexp.MustCompile(`\b([Ll]ine) (\d+)\b`)

// CellLineText rewrites the program lines msg names as lines of their cells: "on line 237"
// becomes "on line 3 of cell 163".
func (n *Notebook) CellLineText(msg string) string {
	return programLineRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := programLineRE.FindStringSubmatch(m)
		line, err := strconv.Atoi(sub[2])
		if n.progLines == nil {
			n.progLines = pyparse.NewLineIndex(n.Program.Src)
		}
		if err != nil || line < 1 || line > n.progLines.LineCount() {
			return m
		}
		o := n.progLines.LineStart(line)
		cell, _, l, _, _, _ := n.ToCell(pyparse.Range{Start: o, End: o})
		return fmt.Sprintf("%s %d of cell %d", sub[1], l, cell)
	})
}

// ReadNotebook parses a notebook file. A file that is not a notebook arraylint reads (not valid
// JSON, not nbformat 4) yields its AL901 finding instead, at the offending place in the file, and
// a notebook whose kernel is not Python yields neither (nothing to check).
func ReadNotebook(path string, data []byte, cfg *Config) (*Notebook, []analyzer.Finding) {
	if cfg == nil {
		cfg = Default("")
	}
	nb, err := notebook.Parse(data)
	if err != nil {
		if !cfg.Enabled(SyntaxError, path) {
			return nil, nil
		}
		off := 0
		if ne, ok := err.(*notebook.Error); ok {
			off = min(ne.Offset, len(data))
		}
		x := pyparse.NewLineIndex(data)
		l, c := x.LineCol(pyparse.Offset(off))
		return nil, []analyzer.Finding{{Path: path, Range: pyparse.Range{Start: pyparse.Offset(off), End: pyparse.Offset(off)},
			Line: l, Col: c + 1, EndLine: l, EndCol: c + 1, Code: SyntaxError.Spec.Code, Name: SyntaxError.Spec.Name,
			URL: SyntaxError.URL, Severity: cfg.Severity(SyntaxError), Message: err.Error() + "; file not checked"}}
	}
	if !nb.IsPython() {
		return nil, nil
	}
	return &Notebook{NB: nb, Program: nb.Program(), lines: map[int]*pyparse.LineIndex{}}, nil
}

// cellLines returns the line index of the source of the program's cell ci.
func (n *Notebook) cellLines(ci int) *pyparse.LineIndex {
	idx := n.Program.Cells[ci].Index
	x, ok := n.lines[idx]
	if !ok {
		x = pyparse.NewLineIndex([]byte(n.NB.Cells[idx].Source))
		n.lines[idx] = x
	}
	return x
}

// ToCell maps a range of the program to its cell's 1-based number, the range relative to the
// cell's source, and 1-based line and byte column of both ends. A range running past its cell
// ends at the cell's end.
func (n *Notebook) ToCell(r pyparse.Range) (cell int, rel pyparse.Range, line, col, endLine, endCol int) {
	ci, s := n.Program.Locate(int(r.Start))
	if ci < 0 {
		return 0, pyparse.Range{}, 1, 1, 1, 1
	}
	e := max(n.Program.LocateEnd(ci, int(r.End)), s)
	x := n.cellLines(ci)
	line, col = x.LineCol(pyparse.Offset(s))
	endLine, endCol = x.LineCol(pyparse.Offset(e))
	return n.Program.Cells[ci].Index + 1, pyparse.Range{Start: pyparse.Offset(s), End: pyparse.Offset(e)}, line, col + 1, endLine, endCol + 1
}

// MapFindings rewrites findings of the program in place to their cells' positions.
func (n *Notebook) MapFindings(findings []analyzer.Finding) []analyzer.Finding {
	for i := range findings {
		fd := &findings[i]
		if fd.Cell > 0 {
			continue
		}
		fd.Cell, fd.Range, fd.Line, fd.Col, fd.EndLine, fd.EndCol = n.ToCell(fd.Range)
		if fd.Code == SyntaxError.Spec.Code {
			fd.Message = n.CellLineText(fd.Message)
		}
		for j := range fd.Related {
			r := &fd.Related[j]
			r.Cell, r.Range, r.Line, r.Col, r.EndLine, r.EndCol = n.ToCell(r.Range)
		}
		if fd.Fix != nil {
			for j := range fd.Fix.Edits {
				e := &fd.Fix.Edits[j]
				e.Cell, e.Range, e.Line, e.Col, e.EndLine, e.EndCol = n.ToCell(e.Range)
			}
		}
	}
	return findings
}

// checkNotebook is Check for a notebook file.
func (rn *Runner) checkNotebook(ctx context.Context, path string, data []byte, cfg *Config) ([]analyzer.Finding, error) {
	n, bad := ReadNotebook(path, data, cfg)
	if n == nil {
		return bad, nil
	}
	findings, err := rn.checkPython(ctx, path, n.Program.Src, cfg)
	return n.MapFindings(findings), err
}

// trackerGuard adapts a notebook.Tracker to fixSource's edit guard.
type trackerGuard struct{ t *notebook.Tracker }

func nbEdits(edits []analyzer.Edit) []notebook.Edit {
	out := make([]notebook.Edit, len(edits))
	for i, e := range edits {
		out[i] = notebook.Edit{Start: int(e.Range.Start), End: int(e.Range.End), NewLen: len(e.NewText)}
	}
	return out
}

func (g trackerGuard) allow(edits []analyzer.Edit) bool { return g.t.Allow(nbEdits(edits)) }
func (g trackerGuard) applied(edits []analyzer.Edit)    { g.t.Applied(nbEdits(edits)) }

// fixNotebook is FixSource for a notebook file: fixes apply to the program, and the fixed cells
// are written back into the notebook's bytes. Remaining holds the findings of the fixed notebook.
func (rn *Runner) fixNotebook(ctx context.Context, path string, data []byte, cfg *Config, unsafe bool) (*FixResult, error) {
	n, bad := ReadNotebook(path, data, cfg)
	if n == nil {
		return &FixResult{Src: data, Remaining: bad}, nil
	}
	g := trackerGuard{notebook.NewTracker(n.Program)}
	res, err := rn.fixSource(ctx, path, n.Program.Src, cfg, unsafe, g)
	if res == nil {
		return nil, err
	}
	n.MapFindings(res.Refused)
	if res.Applied == 0 {
		res.Src = data
		n.MapFindings(res.Remaining)
		return res, err
	}
	out, werr := rewriteCells(n, g.t, res.Src)
	if werr != nil {
		return nil, fmt.Errorf("fix %s: %w", path, werr)
	}
	res.Src = out
	res.Remaining, err = rn.checkNotebook(ctx, path, out, cfg)
	return res, err
}

// rewriteCells writes the program src, edited under t, back into n's notebook bytes.
func rewriteCells(n *Notebook, t *notebook.Tracker, src []byte) ([]byte, error) {
	sources, err := t.Sources(src)
	if err != nil {
		return nil, err
	}
	return n.NB.Rewrite(sources), nil
}

// AddNoqaNotebook is AddNoqa for a notebook file: findings are the notebook's findings as
// checkNotebook maps them, unused; the directives go to the program and then back into the cells.
// It returns the notebook's new bytes.
func (rn *Runner) AddNoqaNotebook(ctx context.Context, path string, data []byte, cfg *Config) (out []byte, added, skipped int, err error) {
	n, _ := ReadNotebook(path, data, cfg)
	if n == nil {
		return data, 0, 0, nil // nothing to annotate
	}
	f, perr := rn.parse(n.Program.Src)
	if perr != nil {
		return data, 0, 0, nil
	}
	findings, err := rn.CheckParsed(ctx, path, f, cfg)
	if err != nil {
		return nil, 0, 0, err
	}
	all, counts, skipped := noqaEdits(f, findings)
	t := notebook.NewTracker(n.Program)
	var edits []analyzer.Edit
	for i, e := range all {
		if t.Allow(nbEdits([]analyzer.Edit{e})) {
			edits = append(edits, e)
			added += counts[i]
		} else {
			skipped += counts[i]
		}
	}
	if len(edits) == 0 {
		return data, 0, skipped, nil
	}
	prog, err := applyNoqa(f, edits)
	if err != nil {
		return nil, 0, 0, err
	}
	t.Applied(nbEdits(edits))
	out, err = rewriteCells(n, t, prog)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("add noqa to %s: %w", path, err)
	}
	return out, added, skipped, nil
}
