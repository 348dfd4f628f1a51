package slicethenfull

import (
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// This file defines the finding and its fix: `b.stencil_hint(low_offsets=…, high_offsets=…)`
// inserted before the sliced statement, the offsets read from the slices (b[1:-1] → (1,), (1,)).

func diagnose(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, st ast.Stmt, sub *ast.Subscript, dup memory.Duplicate) analysis.Diagnostic {
	name := dup.Partial.Instance.Store
	fullLine := dup.Full.Line
	d := in.Diagnostic(sub, "`%s` is touched through a slice here and whole at line %d: Legate holds two instances (%s extra)",
		name, fullLine, memory.FormatBytes(dup.Partial.Bytes))
	low, high, ok := offsets(info, sub)
	hint := fmt.Sprintf("`%s.stencil_hint(low_offsets=…, high_offsets=…)`", name)
	if ok {
		hint = fmt.Sprintf("`%s.stencil_hint(low_offsets=%s, high_offsets=%s)`", name, low, high)
	}
	d.Related = append(d.Related, in.Related(st, "call %s before this statement, or touch the whole array first with `np.multiply(%s, 1, out=%s)`", hint, name, name))
	if full := in.StmtAt(fullLine); full != nil {
		d.Related = append(d.Related, in.Related(full, "the whole-array use that creates the second instance of `%s`", name))
	}
	if ok {
		if fix, ok := hintFix(pass, in, info, st, name, low, high); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	return d
}

// hintFix inserts the stencil_hint call on its own line before st. It is unsafe: stencil_hint
// exists only on cuPyNumeric arrays, and it changes which instances the runtime creates. It is
// not offered inside a loop (the hint belongs before the loop, with offsets over all
// iterations) or when st shares its line with other code.
func hintFix(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, st ast.Stmt, name, low, high string) (analysis.SuggestedFix, bool) {
	if info.EnclosingLoop(st) != nil {
		return analysis.SuggestedFix{}, false
	}
	start := st.Span().Start
	indent, ok := in.Indent(start)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	text := fmt.Sprintf("%s.stencil_hint(low_offsets=%s, high_offsets=%s)\n%s", name, low, high, indent)
	fix := analysis.SuggestedFix{Message: fmt.Sprintf("Call `%s.stencil_hint(…)` before the sliced write", name),
		TextEdits: []analysis.TextEdit{in.ReplaceRange(pyparse.Range{Start: start, End: start}, text)}}
	analyzer.SetApplicability(pass, &fix, analyzer.Unsafe)
	return fix, true
}

// offsets reads the halo of each sliced dimension: b[1:-1] touches from element 1 to one before
// the end, so low (1,) and high (1,). Every index must be a slice with step 1 and known bounds.
func offsets(info *arrays.Info, sub *ast.Subscript) (string, string, bool) {
	var idx []ast.Expr
	if t, ok := sub.Slice.(*ast.Tuple); ok {
		idx = t.Elts
	} else {
		idx = []ast.Expr{sub.Slice}
	}
	arr, _ := info.Array(sub.Value)
	var lows, highs []string
	for i, e := range idx {
		sl, ok := e.(*ast.Slice)
		if !ok {
			return "", "", false
		}
		if sl.Step != nil {
			if n, ok := info.Int(sl.Step); !ok || n != 1 {
				return "", "", false
			}
		}
		var n int64 = -1
		if arr != nil && i < len(arr.Shape) && arr.Shape[i].Known {
			n = arr.Shape[i].N
		}
		lo, ok := bound(info, sl.Lower, 0, n)
		if !ok {
			return "", "", false
		}
		hi := int64(0)
		if sl.Upper != nil {
			u, ok := info.Int(sl.Upper)
			switch {
			case !ok:
				return "", "", false
			case u < 0:
				hi = -u
			case n >= 0 && u <= n:
				hi = n - u
			default:
				return "", "", false
			}
		}
		lows, highs = append(lows, fmt.Sprint(lo)), append(highs, fmt.Sprint(hi))
	}
	if arr != nil && arr.Shape != nil && len(idx) != len(arr.Shape) {
		return "", "", false // b[1:-1] on a 2-D array: the hint needs every dimension
	}
	return tuple(lows), tuple(highs), true
}

// bound reads a slice's lower bound (nil: def) as an offset from the start.
func bound(info *arrays.Info, e ast.Expr, def, n int64) (int64, bool) {
	if e == nil {
		return def, true
	}
	v, ok := info.Int(e)
	switch {
	case !ok:
		return 0, false
	case v >= 0:
		return v, true
	case n >= 0:
		return n + v, true
	}
	return 0, false
}

func tuple(xs []string) string {
	if len(xs) == 1 {
		return "(" + xs[0] + ",)"
	}
	return "(" + strings.Join(xs, ", ") + ")"
}
