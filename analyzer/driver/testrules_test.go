package driver

import (
	"bytes"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// Test-only rules (codes AL8xx are never used by real rules). They look at the source text, not
// the syntax tree, so these tests do not depend on the parser.

// badWord reports every "bad" with a safe fix to "good".
var badWord = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL801", Name: "test-bad-word", Summary: "the word bad", Severity: analyzer.Warning, Fix: analyzer.FixAlways,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		src := in.File.Src
		for off := 0; ; {
			i := bytes.Index(src[off:], []byte("bad"))
			if i < 0 {
				break
			}
			rng := pyparse.Range{Start: pyparse.Offset(off + i), End: pyparse.Offset(off + i + 3)}
			d := in.DiagnosticRange(rng, "`bad` is bad")
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Replace with `good`", TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "good")}}}
			pass.Report(d)
			off += i + 3
		}
		return nil, nil
	},
})

// boom panics on files containing "boom".
var boom = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL802", Name: "test-boom", Summary: "panics on boom", Severity: analyzer.Error,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		if bytes.Contains(in.File.Src, []byte("boom")) {
			panic("boom")
		}
		return nil, nil
	},
})

// longLine reports lines longer than its max-len option, with an unsafe fix that truncates.
var longLine = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL803", Name: "test-long-line", Summary: "line longer than max-len", Severity: analyzer.Info, Fix: analyzer.FixSometimes,
	Options:  []analyzer.Option{{Name: "max-len", Default: int64(20), Doc: "longest allowed line"}},
	Requires: []*analysis.Analyzer{pyinspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		max := analyzer.OptionValue(pass, "max-len").(int64)
		for i := 1; i <= in.File.Lines.LineCount(); i++ {
			s, e := in.File.Lines.LineStart(i), in.File.Lines.LineEnd(i)
			if int64(e-s) > max {
				d := in.DiagnosticRange(pyparse.Range{Start: s, End: e}, "line is %d bytes long", e-s)
				fix := analysis.SuggestedFix{Message: "Truncate the line", TextEdits: []analysis.TextEdit{in.ReplaceRange(pyparse.Range{Start: s + pyparse.Offset(max), End: e}, "")}}
				analyzer.SetApplicability(pass, &fix, analyzer.Unsafe)
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
				pass.Report(d)
			}
		}
		return nil, nil
	},
})

// splitWord reports every "split" with a safe fix that inserts a line break after it, as fixes
// that add statements do; the break is written "\n" whatever the file uses.
var splitWord = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL804", Name: "test-split", Summary: "the word split", Severity: analyzer.Warning, Fix: analyzer.FixAlways,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		src := in.File.Src
		for off := 0; ; {
			i := bytes.Index(src[off:], []byte("split"))
			if i < 0 {
				return nil, nil
			}
			rng := pyparse.Range{Start: pyparse.Offset(off + i), End: pyparse.Offset(off + i + 5)}
			d := in.DiagnosticRange(rng, "`split` found")
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Split the line", TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "done\ny = 2\n")}}}
			pass.Report(d)
			off += i + 5
		}
	},
})

var testRules = []*analyzer.Rule{InternalError, SyntaxError, UnusedNoqa, InvalidSuppression, badWord, boom, longLine}

// fakeFile builds a parsed file by hand: an empty module, and a comment from every '#' to the end
// of its line (test sources put no '#' in strings). It keeps these tests independent of the parser.
func fakeFile(src string) *pyparse.File {
	b := []byte(src)
	f := &pyparse.File{Src: b, Module: &ast.Module{Range: ast.Range{End: ast.Offset(len(b))}}, Lines: pyparse.NewLineIndex(b)}
	for off := 0; off < len(b); {
		i := strings.IndexByte(src[off:], '#')
		if i < 0 {
			break
		}
		start := off + i
		end := start
		for end < len(b) && b[end] != '\n' && b[end] != '\r' {
			end++
		}
		f.Comments = append(f.Comments, pyparse.Comment{Range: pyparse.Range{Start: pyparse.Offset(start), End: pyparse.Offset(end)}})
		off = end
	}
	return f
}
