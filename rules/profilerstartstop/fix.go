package profilerstartstop

import (
	"bytes"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// This file defines the fixes:
//
//	jax.profiler.start_trace(d)         with jax.profiler.trace(d):
//	y = f(x)                       →        y = f(x)
//	jax.profiler.stop_trace()
//
// and, for a region's last array result, `y.block_until_ready()` after its statement.
// jax.profiler.trace takes start_trace's arguments (log_dir, create_perfetto_link,
// create_perfetto_trace), so the call's argument list is carried over as written.

// withFix rewrites block[i] (start_trace) … block[j] (stop_trace) as a with statement. It is
// offered only when both calls stand alone on their lines, the start is spelled as an attribute
// (`….start_trace`, so `….trace` names the same module) and the enclosed lines hold no
// multi-line string (re-indenting would change its text). It is unsafe when the enclosed code
// can leave the block early (return, break, continue, raise): the trace then stops there too.
func withFix(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, block []ast.Stmt, i, j int, call *ast.Call) (analysis.SuggestedFix, bool) {
	src := in.File.Src
	attr, ok := call.Func.(*ast.Attribute)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	start, stop := block[i], block[j]
	indent, ok := in.Indent(start.Span().Start)
	if !ok || !aloneOnLine(src, start) || !aloneOnLine(src, stop) {
		return analysis.SuggestedFix{}, false
	}
	if _, ok := in.Indent(stop.Span().Start); !ok {
		return analysis.SuggestedFix{}, false
	}
	header := "with " + in.Text(attr.Value) + ".trace" + string(src[call.Func.Span().End:call.End]) + ":"
	edits := []analysis.TextEdit{}
	body := block[i+1 : j]
	unit := indentUnit(in, info, start, indent)
	if len(body) == 0 {
		header += "\n" + indent + unit + "pass"
	} else {
		from, to := nextLine(src, start.Span().End), body[len(body)-1].Span().End
		if multilineString(in.File, from, to) {
			return analysis.SuggestedFix{}, false
		}
		for o := from; o < to; o = nextLine(src, o) {
			if !blankLine(src, o) {
				edits = append(edits, in.ReplaceRange(pyparse.Range{Start: o, End: o}, unit))
			}
		}
	}
	edits = append(edits, in.Replace(start, header))
	edits = append(edits, in.ReplaceRange(pyparse.Range{Start: in.LineStart(stop.Span().Start), End: nextLine(src, stop.Span().End)}, ""))
	fix := analysis.SuggestedFix{Message: "Use `with " + in.Text(attr.Value) + ".trace(…)`", TextEdits: edits}
	app := analyzer.Safe
	if leavesEarly(body) {
		app = analyzer.Unsafe
	}
	analyzer.SetApplicability(pass, &fix, app)
	return fix, true
}

// indentUnit returns the file's indentation step at st: what st's line adds to its enclosing
// statement's (two spaces in a file indented by two), or four spaces at module level.
func indentUnit(in *pyinspect.Result, info *arrays.Info, st ast.Stmt, indent string) string {
	if strings.Contains(indent, "\t") {
		return "\t"
	}
	for p := info.Parent(st); p != nil; p = info.Parent(p) {
		ps, ok := p.(ast.Stmt)
		if !ok {
			continue
		}
		outer, ok := in.Indent(ps.Span().Start)
		if ok && len(indent) > len(outer) && strings.HasPrefix(indent, outer) {
			return indent[len(outer):]
		}
		break
	}
	return "    "
}

// blockFix inserts `name.block_until_ready()` after asg, on its own line. Waiting for a result
// changes only when the program waits, so the fix is safe.
func blockFix(pass *analysis.Pass, in *pyinspect.Result, asg *ast.Assign, name string) (analysis.SuggestedFix, bool) {
	src := in.File.Src
	indent, ok := in.Indent(asg.Start)
	if !ok || !aloneOnLine(src, asg) {
		return analysis.SuggestedFix{}, false
	}
	at := nextLine(src, asg.End)
	text := indent + name + ".block_until_ready()\n"
	if at == pyparse.Offset(len(src)) && (len(src) == 0 || src[len(src)-1] != '\n') {
		text = "\n" + strings.TrimSuffix(text, "\n")
	}
	fix := analysis.SuggestedFix{Message: "Wait for `" + name + "` before the trace stops",
		TextEdits: []analysis.TextEdit{in.ReplaceRange(pyparse.Range{Start: at, End: at}, text)}}
	analyzer.SetApplicability(pass, &fix, analyzer.Safe)
	return fix, true
}

// leavesEarly reports whether the statements contain a return, break, continue, raise or
// yield outside nested functions and classes.
func leavesEarly(body []ast.Stmt) bool {
	found := false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Lambda:
				return false
			case *ast.Return, *ast.Break, *ast.Continue, *ast.Raise, *ast.Yield, *ast.YieldFrom:
				found = true
			}
			return !found
		})
	}
	return found
}

// multilineString reports whether a string token between from and to spans lines.
func multilineString(f *pyparse.File, from, to pyparse.Offset) bool {
	for _, t := range f.Tokens {
		if t.End <= from || t.Start >= to {
			continue
		}
		if (t.Kind == pyparse.String || t.Kind == pyparse.FStringMiddle) && bytes.ContainsAny(f.Src[t.Start:t.End], "\r\n") {
			return true
		}
	}
	return false
}

// aloneOnLine reports whether nothing but blanks or a comment follows st on its line.
func aloneOnLine(src []byte, st ast.Node) bool {
	for o := st.Span().End; int(o) < len(src); o++ {
		switch src[o] {
		case ' ', '\t':
		case '\n', '\r', '#':
			return true
		default:
			return false
		}
	}
	return true
}

// nextLine returns the offset just after the line break that ends o's line (len(src) at the end).
func nextLine(src []byte, o ast.Offset) ast.Offset {
	for int(o) < len(src) {
		c := src[o]
		o++
		if c == '\n' {
			return o
		}
		if c == '\r' {
			if int(o) < len(src) && src[o] == '\n' {
				o++
			}
			return o
		}
	}
	return o
}

func blankLine(src []byte, o ast.Offset) bool {
	for ; int(o) < len(src); o++ {
		switch src[o] {
		case ' ', '\t':
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return true
}

// clip shortens s to about 40 bytes for a message.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}
