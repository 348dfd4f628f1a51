// Package pyinspect defines the base analyzer every arraylint rule requires: the parsed Python
// file, an ast.Inspector over it and a token.File for go/analysis positions.
//
// The driver parses each file once and hands the Result to every rule through Pass.ResultOf; it
// never calls Analyzer.Run. Run exists for other drivers that follow asmdecl's convention: it
// parses the single file named in Pass.OtherFiles, read through Pass.ReadFile.
package pyinspect

import (
	"strings"

	"fmt"
	"go/token"
	"reflect"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// Analyzer parses one Python file; its result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "pyinspect",
	Doc:        "parse a Python file once and share its syntax tree, inspector and token.File",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// Result is the parsed Python file a rule works on.
type Result struct {
	Path      string
	File      *pyparse.File
	TokenFile *token.File
	Inspector *ast.Inspector
}

// New builds the Result for a parsed file, adding one token.File for it to fset.
func New(fset *token.FileSet, path string, f *pyparse.File) *Result {
	tf := fset.AddFile(path, -1, len(f.Src))
	lines := f.Lines.LineStarts()
	// token.File wants every line start inside the file: drop the empty last line that follows
	// a final line break (SetLines would otherwise reject all lines and put everything on line 1).
	for len(lines) > 0 && lines[len(lines)-1] >= len(f.Src) {
		lines = lines[:len(lines)-1]
	}
	tf.SetLines(lines) // cannot fail: LineIndex starts are increasing and now inside the file
	return &Result{Path: path, File: f, TokenFile: tf, Inspector: ast.NewInspector(f.Module)}
}

func run(pass *analysis.Pass) (any, error) {
	if len(pass.OtherFiles) != 1 || pass.ReadFile == nil {
		return nil, fmt.Errorf("pyinspect: want exactly one Python file in Pass.OtherFiles, have %d", len(pass.OtherFiles))
	}
	path := pass.OtherFiles[0]
	src, err := pass.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	f, err := pyparse.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	return New(pass.Fset, path, f), nil
}

// Pos returns the token.Pos of byte offset o in the file.
func (r *Result) Pos(o pyparse.Offset) token.Pos {
	o = min(max(o, 0), pyparse.Offset(len(r.File.Src)))
	return token.Pos(r.TokenFile.Base() + int(o))
}

// Offset returns the byte offset of pos, the inverse of Pos.
func (r *Result) Offset(pos token.Pos) pyparse.Offset {
	return pyparse.Offset(int(pos) - r.TokenFile.Base())
}

// Diagnostic returns a diagnostic covering n with a formatted message. Set SuggestedFixes and
// Related on it before passing it to pass.Report.
func (r *Result) Diagnostic(n ast.Node, format string, args ...any) analysis.Diagnostic {
	sp := n.Span()
	return analysis.Diagnostic{Pos: r.Pos(sp.Start), End: r.Pos(sp.End), Message: fmt.Sprintf(format, args...)}
}

// DiagnosticRange is Diagnostic for a byte range that is not a node (a token, a comment).
func (r *Result) DiagnosticRange(rng pyparse.Range, format string, args ...any) analysis.Diagnostic {
	return analysis.Diagnostic{Pos: r.Pos(rng.Start), End: r.Pos(rng.End), Message: fmt.Sprintf(format, args...)}
}

// Related returns related information pointing at n.
func (r *Result) Related(n ast.Node, format string, args ...any) analysis.RelatedInformation {
	sp := n.Span()
	return analysis.RelatedInformation{Pos: r.Pos(sp.Start), End: r.Pos(sp.End), Message: fmt.Sprintf(format, args...)}
}

// Replace returns an edit replacing the source of n with text.
func (r *Result) Replace(n ast.Node, text string) analysis.TextEdit {
	return r.ReplaceRange(n.Span(), text)
}

// ReplaceRange returns an edit replacing the bytes of rng with text.
func (r *Result) ReplaceRange(rng pyparse.Range, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: r.Pos(rng.Start), End: r.Pos(rng.End), NewText: []byte(text)}
}

// Text returns the source text of n.
func (r *Result) Text(n ast.Node) string {
	sp := n.Span()
	src := r.File.Src
	s, e := min(max(int(sp.Start), 0), len(src)), min(max(int(sp.End), 0), len(src))
	if e < s {
		return ""
	}
	return string(src[s:e])
}

// Snippet returns the source text of n for a message: without comments, on one line (every run
// of white space, newlines included, becomes one space) and at most limit runes, clipped with
// "...".
func (r *Result) Snippet(n ast.Node, limit int) string {
	sp := n.Span()
	text := r.Text(n)
	for i := len(r.File.Comments) - 1; i >= 0; i-- { // comments inside a bracketed expression
		c := r.File.Comments[i]
		if c.Start >= sp.Start && c.End <= sp.End {
			text = text[:c.Start-sp.Start] + text[c.End-sp.Start:]
		}
	}
	s := strings.Join(strings.Fields(text), " ")
	if rs := []rune(s); len(rs) > limit {
		s = string(rs[:max(limit-3, 0)]) + "..."
	}
	return s
}
