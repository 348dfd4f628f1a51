package pyinspect

import (
	"strings"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the source helpers rules share to place findings and fixes: the start and
// indentation of a line, and the statement that starts on a line.

// LineStart returns the offset of the first byte of the line holding offset o: just after the
// "\n", "\r\n" or lone "\r" before it, or 0.
func (r *Result) LineStart(o pyparse.Offset) pyparse.Offset {
	src := r.File.Src
	o = min(max(o, 0), pyparse.Offset(len(src)))
	for o > 0 && src[o-1] != '\n' && src[o-1] != '\r' {
		o--
	}
	return o
}

// Indent returns the white space (spaces and tabs) between the start of o's line and o; ok is
// false when anything else precedes o on its line (a statement after `;` or after a compound
// statement's colon), where a fix cannot put a new line at o's indentation.
func (r *Result) Indent(o pyparse.Offset) (indent string, ok bool) {
	o = min(max(o, 0), pyparse.Offset(len(r.File.Src)))
	ws := string(r.File.Src[r.LineStart(o):o])
	if strings.TrimLeft(ws, " \t") != "" {
		return "", false
	}
	return ws, true
}

// StmtAt returns the innermost statement that starts on line (the last of several on one line),
// or nil, for placing a finding. Rules placing many findings in one file build a StmtIndex once.
func (r *Result) StmtAt(line int) ast.Stmt { return r.StmtIndex().At(line) }

// StmtIndex answers StmtAt for many lines of one file at O(1) each (built in one walk), for rules
// that place a finding per scope of a large file.
type StmtIndex map[int]ast.Stmt

// StmtIndex indexes the statements of the file by the line they start on; as in StmtAt, the
// innermost (and last) statement starting on a line wins.
func (r *Result) StmtIndex() StmtIndex {
	x := StmtIndex{}
	ast.Inspect(r.File.Module, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok {
			x[r.File.Lines.Line(st.Span().Start)] = st
		}
		return true
	})
	return x
}

// At returns the innermost statement that starts on line, or nil.
func (x StmtIndex) At(line int) ast.Stmt { return x[line] }
