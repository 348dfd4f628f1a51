// Package nonzeroscatter defines rule AL301: index arrays from nonzero/where/argwhere used to
// scatter into an array, where a boolean mask would do.
package nonzeroscatter

import (
	_ "embed"
	"fmt"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL301 nonzero-scatter.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL301", Name: "nonzero-scatter", Since: "0.1.0", Doc: doc,
	Summary:  "scatter through nonzero() indices instead of a mask",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixSometimes,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer},
	Run:      run,
})

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	for n := range in.Inspector.Preorder((*ast.Assign)(nil), (*ast.AugAssign)(nil)) {
		var target ast.Expr
		var value ast.Expr
		switch st := n.(type) {
		case *ast.Assign:
			if len(st.Targets) != 1 {
				continue
			}
			target, value = st.Targets[0], st.Value
		case *ast.AugAssign:
			target = st.Target
		}
		sub, ok := target.(*ast.Subscript)
		if !ok {
			continue
		}
		idx, ok := indexSource(info, sub.Slice)
		if !ok {
			continue
		}
		st := n.(ast.Stmt)
		pass.Report(diagnose(in, info, st, sub, value, idx))
	}
	return nil, nil
}

// source is where an index came from.
type source struct {
	producer *ast.Call
	mask     ast.Expr
	fn       string // "nonzero", "where", "argwhere", "flatnonzero"
	tuple    bool   // the whole index tuple (nonzero / where), usable as a mask index
	names    []ast.Expr
}

// indexSource reports whether x is an index array (or the tuple of them) made by a
// nonzero-like call, or a tuple of all the unpacked index arrays of one such call.
func indexSource(info *arrays.Info, x ast.Expr) (source, bool) {
	if a, ok := info.Array(x); ok && a.Producer != nil {
		if a.Unpacked > 1 {
			return source{}, false // one axis of a multi-dimensional nonzero: a gather/scatter by position, not a mask
		}
		s := source{producer: a.Producer, mask: a.MaskExpr, fn: calleeName(info, a.Producer), names: []ast.Expr{x}}
		s.tuple = a.Role == arrays.IndexTuple && (s.fn == "nonzero" || s.fn == "where")
		if m, ok := info.Array(a.MaskExpr); ok && m.Rank() == 1 && a.Role == arrays.IndexArray && (s.fn == "nonzero" || s.fn == "where") {
			s.tuple = true // nonzero(m)[0] of a 1-D mask selects what m selects
		}
		return s, a.Role == arrays.IndexTuple || a.Role == arrays.IndexArray
	}
	t, ok := x.(*ast.Tuple)
	if !ok || len(t.Elts) == 0 {
		return source{}, false
	}
	var p *ast.Call
	var first *arrays.Array
	seen := map[int]bool{}
	for i, el := range t.Elts {
		a, ok := info.Array(el)
		if !ok || a.Producer == nil || a.Role != arrays.IndexArray || (p != nil && a.Producer != p) {
			return source{}, false
		}
		// every index array of the unpacking, each once and in order: z[rows, cols], not z[ind, ind]
		if a.Unpacked != len(t.Elts) || a.Component != i || seen[a.Component] {
			return source{}, false
		}
		seen[a.Component] = true
		p, first = a.Producer, a
	}
	s := source{producer: p, mask: first.MaskExpr, fn: calleeName(info, p), names: t.Elts}
	// rows, cols = np.nonzero(m); z[rows, cols] uses every index array: the same as z[m]
	if m, ok := info.Array(first.MaskExpr); ok && m.Rank() == len(t.Elts) && (s.fn == "nonzero" || s.fn == "where") {
		s.tuple = true
	}
	return s, true
}

func calleeName(info *arrays.Info, call *ast.Call) string {
	if c, ok := info.Callee(call); ok {
		return c.Func.Name
	}
	return "nonzero"
}

func diagnose(in *pyinspect.Result, info *arrays.Info, st ast.Stmt, sub *ast.Subscript, value ast.Expr, src source) analysis.Diagnostic {
	idxText := clip(in.Text(sub.Slice), 24)
	maskText := "the mask"
	if src.mask != nil {
		t, _ := boolMask(in, info, src.mask)
		maskText = "`" + clip(t, 32) + "`"
	}
	d := in.Diagnostic(st, "scatter through `%s` from `%s`; index with %s instead", idxText, src.fn, maskText)
	if m, ok := info.Array(src.mask); ok {
		if n, ok := m.Size(); ok && m.Rank() > 0 {
			d.Message += fmt.Sprintf(" (indices up to %s)", arrays.Bytes(n*8*int64(m.Rank())))
		}
	}
	if in.File != nil && src.producer.Span() != sub.Slice.Span() {
		d.Related = append(d.Related, in.Related(src.producer, "index arrays built here by `%s`", src.fn))
	}
	if fix, ok := maskFix(in, info, st, sub, value, src); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	return d
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n-3] + "..."
	}
	return s
}

// boolMask returns the source of a boolean mask equivalent to what nonzero(mask) selects: the
// mask itself when it is known to be boolean, else `mask != 0` (exact for numbers and bools).
// isBool reports the first case.
func boolMask(in *pyinspect.Result, info *arrays.Info, mask ast.Expr) (text string, isBool bool) {
	t := in.Text(mask)
	if a, ok := info.Array(mask); ok && a.DType == npapi.Bool || syntacticallyBool(info, mask, 0) {
		return t, true
	}
	switch mask.(type) {
	case *ast.Name, *ast.Attribute, *ast.Subscript, *ast.Call:
	default:
		t = "(" + t + ")"
	}
	return t + " != 0", false
}

// syntacticallyBool reports whether e is boolean by construction: a comparison, a logical
// ufunc, ~ / & / | / ^ of such, or a name every assignment of which is one.
func syntacticallyBool(info *arrays.Info, e ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch e := e.(type) {
	case *ast.Name:
		s := info.ScopeOf(e)
		if s == nil {
			return false
		}
		if def := s.Lookup(e.ID); def != s {
			return false
		}
		sites := info.Assignments(s, e.ID)
		for _, site := range sites {
			asg, ok := site.(*ast.Assign)
			if !ok || len(asg.Targets) != 1 || !syntacticallyBool(info, asg.Value, depth+1) {
				return false
			}
		}
		return len(sites) > 0
	case *ast.Compare:
		return true
	case *ast.UnaryOp:
		return e.Op == ast.Invert && syntacticallyBool(info, e.Operand, depth+1)
	case *ast.BinOp:
		switch e.Op {
		case ast.BitAnd, ast.BitOr, ast.BitXor:
			return syntacticallyBool(info, e.Left, depth+1) && syntacticallyBool(info, e.Right, depth+1)
		}
	case *ast.Call:
		if c, ok := info.Callee(e); ok && !c.Method {
			switch c.Func.Name {
			case "isnan", "isinf", "isfinite", "signbit", "logical_and", "logical_or", "logical_xor",
				"logical_not", "greater", "greater_equal", "less", "less_equal", "equal", "not_equal":
				return true
			}
		}
	}
	return false
}
