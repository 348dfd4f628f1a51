package deadarrayheld

import (
	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
	"golang.org/x/tools/go/analysis"
)

// This file defines the fix: `del a` on its own line after the statement of the last read.

// delFix inserts `del name` after f.lastTop. Deleting a name nothing reads again changes no
// result, but it is unsafe at module level (another module may import the name) and when other
// references to the array may exist (then the del frees nothing, and the names that remain are
// what a reader would have to check).
func delFix(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, sc *imports.Scope, f finding) (analysis.SuggestedFix, bool) {
	src := in.File.Src
	st := f.lastTop
	start, end := st.Span().Start, st.Span().End
	indent, ok := in.Indent(start)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	// after the statement's line (its trailing comment included)
	at := end
	for int(at) < len(src) && src[at] != '\n' && src[at] != '\r' {
		if src[at] != ' ' && src[at] != '\t' && src[at] != '#' {
			return analysis.SuggestedFix{}, false // another statement follows on the line
		}
		if src[at] == '#' {
			for int(at) < len(src) && src[at] != '\n' && src[at] != '\r' {
				at++
			}
			break
		}
		at++
	}
	text := "\n" + indent + "del " + f.name
	fix := analysis.SuggestedFix{Message: "Delete `" + f.name + "` after its last use",
		TextEdits: []analysis.TextEdit{in.ReplaceRange(pyparse.Range{Start: at, End: at}, text)}}
	app := analyzer.Safe
	if sc.Kind == imports.ModuleScope || info.MayAlias(st, f.name) {
		app = analyzer.Unsafe
	}
	analyzer.SetApplicability(pass, &fix, app)
	return fix, true
}
