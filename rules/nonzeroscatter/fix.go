package nonzeroscatter

import (
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// This file defines the fix: compute the mask once where the indices were computed, and index
// with it. For `idx = np.nonzero(mask)` whose every use indexes an array the mask fits, the call
// becomes the mask (`idx = mask`, with `!= 0` for a numeric mask); when the mask is a plain name
// the statement is deleted and the uses name the mask. An inline `z[np.nonzero(m)] = v` indexes
// with `m`. The nonzero call is gone afterwards, so the fix converges in one round.

func maskFix(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, st ast.Stmt, pl place, src source, ev evidence) (analysis.SuggestedFix, bool) {
	maskT, _ := boolMask(in, info, src.mask)
	if strings.ContainsAny(maskT, "\r\n") {
		maskT = "(" + maskT + ")"
	}
	var edits []analysis.TextEdit
	prod := info.EnclosingStmt(src.producer)
	switch {
	case prod == st:
		// z[np.nonzero(m)] = v: the producer is the index (or its [0]) and the only producer here
		if !producerExpr(pl.index, src.producer) || producers(info, st) != 1 {
			return analysis.SuggestedFix{}, false
		}
		edits = []analysis.TextEdit{in.Replace(pl.index, maskT)}
	default:
		e, ok := namedFix(in, info, prod, src, maskT)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = e
	}
	fix := analysis.SuggestedFix{Message: fmt.Sprintf("Index with the mask `%s`", oneLine(maskT, 40)), TextEdits: edits}
	switch {
	case ev.manyReads:
		// every read becomes a pass over the mask: whether the memory is worth the time is the
		// user's call
		analyzer.SetApplicability(pass, &fix, analyzer.DisplayOnly)
	case ev.fit != knownShapes || ev.unknownDType:
		// the mask comes from the indexed array, but broadcasting against another operand could
		// make it larger than the array, where indices would still work; or its dtype is not
		// known, and `!= 0` differs from nonzero on an object array
		analyzer.SetApplicability(pass, &fix, analyzer.Unsafe)
	}
	return fix, true
}

// producerExpr reports whether e is the producer call or producer[0].
func producerExpr(e ast.Expr, producer *ast.Call) bool {
	if sub, ok := e.(*ast.Subscript); ok {
		c, ok := sub.Slice.(*ast.Constant)
		if !ok || c.Value.Kind != ast.ConstInt || c.Value.Int != 0 {
			return false
		}
		e = sub.Value
	}
	return e == ast.Expr(producer)
}

// producers counts the nonzero-like calls in a statement.
func producers(info *arrays.Info, st ast.Stmt) int {
	n := 0
	ast.Inspect(st, func(x ast.Node) bool {
		if c, ok := x.(*ast.Call); ok {
			if a, ok := info.Array(c); ok && a.Producer == c {
				n++
			}
		}
		return true
	})
	return n
}

// namedFix rewrites `idx = np.nonzero(mask)` (or `[0]`, or flatnonzero of a 1-D mask) when every
// read of idx indexes an array the mask fits, at the axis where idx stands.
func namedFix(in *pyinspect.Result, info *arrays.Info, prod ast.Stmt, src source, maskT string) ([]analysis.TextEdit, bool) {
	asg, ok := prod.(*ast.Assign)
	if !ok || len(asg.Targets) != 1 || !producerExpr(asg.Value, src.producer) {
		return nil, false
	}
	tgt, ok := asg.Targets[0].(*ast.Name)
	if !ok {
		return nil, false
	}
	s := info.ScopeOf(prod)
	if s == nil || s.Lookup(tgt.ID) != s || len(info.Assignments(s, tgt.ID)) != 1 || s.Globals[tgt.ID] {
		return nil, false
	}
	for _, c := range s.Children {
		if len(c.Loads[tgt.ID]) > 0 {
			return nil, false // a nested function reads the indices
		}
	}
	uses := info.Loads(s, tgt.ID)
	if len(uses) == 0 {
		return nil, false
	}
	alias := false
	switch src.mask.(type) {
	case *ast.Name, *ast.Attribute, *ast.Subscript:
		_, isBool := boolMask(in, info, src.mask)
		alias = isBool // idx = m would share m's data: name m at each use instead
	}
	var edits []analysis.TextEdit
	for _, u := range uses {
		if u.Start < prod.Span().End {
			return nil, false
		}
		sub, axis, ok := indexUse(info, u)
		if !ok {
			return nil, false
		}
		if _, ok := fits(info, sub.Value, src.mask, axis); !ok {
			return nil, false
		}
		if alias {
			use := info.EnclosingStmt(u)
			if use == nil || !pure(src.mask) || !unchanged(in, info, src.mask, prod, use) {
				return nil, false
			}
			edits = append(edits, in.Replace(u, maskT))
		}
	}
	if !alias {
		return []analysis.TextEdit{in.Replace(asg.Value, maskT)}, true
	}
	del, ok := deleteStmt(in, prod)
	if !ok {
		return nil, false
	}
	return append(edits, del), true
}

// indexUse reports whether the name u is used as an index: the slice of a subscript, or one
// element of a tuple slice whose other elements are slices; it returns the subscript and the
// axis.
func indexUse(info *arrays.Info, u *ast.Name) (*ast.Subscript, int, bool) {
	switch p := info.Parent(u).(type) {
	case *ast.Subscript:
		return p, 0, p.Slice == ast.Expr(u)
	case *ast.Tuple:
		sub, ok := info.Parent(p).(*ast.Subscript)
		if !ok || sub.Slice != ast.Expr(p) {
			return nil, 0, false
		}
		axis := -1
		for i, el := range p.Elts {
			switch {
			case el == ast.Expr(u):
				axis = i
			case !isSlice(el):
				return nil, 0, false
			}
		}
		return sub, axis, axis >= 0
	}
	return nil, 0, false
}

// deleteStmt deletes the lines of a statement that stands alone on them (no other statement, no
// comment after it).
func deleteStmt(in *pyinspect.Result, st ast.Stmt) (analysis.TextEdit, bool) {
	src := in.File.Src
	sp := st.Span()
	if _, ok := in.Indent(sp.Start); !ok {
		return analysis.TextEdit{}, false
	}
	start := int(in.LineStart(sp.Start))
	end := int(sp.End)
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	switch {
	case end == len(src):
	case src[end] == '\n':
		end++
	case src[end] == '\r':
		end++
		if end < len(src) && src[end] == '\n' {
			end++
		}
	default:
		return analysis.TextEdit{}, false // `;`, a comment or more code after the statement
	}
	return in.ReplaceRange(pyparse.Range{Start: pyparse.Offset(start), End: pyparse.Offset(end)}, ""), true
}

// pure reports whether re-evaluating e has no side effects: names, attributes, constants and
// operators only, no calls.
func pure(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.Name, *ast.Attribute, *ast.Constant, *ast.Compare, *ast.BinOp, *ast.UnaryOp,
			*ast.BoolOp, *ast.Subscript, *ast.Slice, *ast.Tuple:
			return ok
		}
		ok = false
		return false
	})
	return ok
}

func collectNames(e ast.Node, into map[string]bool) {
	ast.Inspect(e, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok {
			into[nm.ID] = true
		}
		return true
	})
}

func references(e ast.Node, names map[string]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok && names[nm.ID] {
			found = true
		}
		return !found
	})
	return found
}

// unchanged reports whether no name in the mask expression may change between the producer
// statement and the scatter: no rebinding, no subscript or augmented store, no use as a call
// argument or method receiver. When the scatter is in a loop that does not contain the
// producer, the whole loop counts.
func unchanged(in *pyinspect.Result, info *arrays.Info, mask ast.Expr, prod, st ast.Stmt) bool {
	if info.ScopeOf(prod) != info.ScopeOf(st) || prod.Span().End > st.Span().Start {
		return false
	}
	names := map[string]bool{}
	collectNames(mask, names)
	from, to := prod.Span().End, st.Span().Start
	if loop := info.EnclosingLoop(st); loop != nil && !loop.Span().Encloses(prod.Span()) {
		from, to = min(from, loop.Span().Start), max(to, loop.Span().End)
	}
	changed := false
	for n := range in.Inspector.Preorder((*ast.Name)(nil), (*ast.Call)(nil)) {
		sp := n.Span()
		if sp.Start < from || sp.Start >= to || changed {
			continue
		}
		switch n := n.(type) {
		case *ast.Name:
			if !names[n.ID] {
				continue
			}
			if n.Ctx != ast.Load {
				changed = true
				continue
			}
			switch p := info.Parent(n).(type) {
			case *ast.Subscript:
				changed = p.Ctx != ast.Load && p.Value == ast.Expr(n)
			case *ast.AugAssign:
				changed = p.Target == ast.Expr(n)
			case *ast.Attribute:
				_, isCall := info.Parent(p).(*ast.Call)
				changed = isCall
			}
		case *ast.Call:
			if c, ok := info.Callee(n); ok && c.Func.Kind != npapi.Scatter && !c.Method {
				if _, hasOut := kw(n, "out"); !hasOut {
					continue // array functions read their arguments
				}
			}
			for _, a := range n.Args {
				if nm, ok := a.(*ast.Name); ok && names[nm.ID] {
					changed = true
				}
			}
			for _, k := range n.Keywords {
				if nm, ok := k.Value.(*ast.Name); ok && names[nm.ID] && k.Arg == "out" {
					changed = true
				}
			}
		}
	}
	return !changed
}

func kw(call *ast.Call, name string) (ast.Expr, bool) {
	for _, k := range call.Keywords {
		if k.Arg == name {
			return k.Value, true
		}
	}
	return nil, false
}
