package nonzeroscatter

import (
	"fmt"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// This file defines the fix: index with the boolean mask itself (z[mask] = …) or, for
// z[idx] = v[idx] with matching shapes and dtypes, np.copyto(z, v, where=mask).

func maskFix(in *pyinspect.Result, info *arrays.Info, st ast.Stmt, sub *ast.Subscript, value ast.Expr, src source) (analysis.SuggestedFix, bool) {
	if !src.tuple || src.mask == nil || !pure(src.mask) {
		return analysis.SuggestedFix{}, false
	}
	prod := info.EnclosingStmt(src.producer)
	if prod == nil {
		return analysis.SuggestedFix{}, false
	}
	if prod != st && !unchanged(in, info, src.mask, prod, st) {
		return analysis.SuggestedFix{}, false
	}
	maskT, isBool := boolMask(in, info, src.mask)
	zA, zok := info.Array(sub.Value)
	mA, mok := info.Array(src.mask)
	shapesMatch := zok && mok && arrays.SameShape(zA, mA)
	idxNames := map[string]bool{}
	for _, n := range src.names {
		collectNames(n, idxNames)
	}
	app := analyzer.Unsafe
	var edits []analysis.TextEdit
	msg := fmt.Sprintf("Index with the mask `%s`", clip(maskT, 40))
	rhs, gather := value.(*ast.Subscript)
	switch {
	case gather && arrays.SameExpr(rhs.Slice, sub.Slice) || gather && sameTuple(rhs.Slice, sub.Slice):
		vA, vok := info.Array(rhs.Value)
		vMatch := vok && zok && arrays.SameShape(vA, zA)
		if mod := moduleAlias(in, info, src.producer); mod != "" && isBool && shapesMatch && vMatch && vA.DType.Known() && vA.DType == zA.DType {
			text := fmt.Sprintf("%s.copyto(%s, %s, where=%s)", mod, in.Text(sub.Value), in.Text(rhs.Value), maskT)
			fix := analysis.SuggestedFix{Message: fmt.Sprintf("Rewrite as `%s.copyto(…, where=mask)`", mod),
				TextEdits: []analysis.TextEdit{in.Replace(st, text)}}
			analyzer.SetApplicability(&fix, analyzer.Safe)
			return fix, true
		}
		if references(rhs.Value, idxNames) {
			return analysis.SuggestedFix{}, false
		}
		edits = []analysis.TextEdit{in.Replace(sub.Slice, maskT), in.Replace(rhs.Slice, maskT)}
		if shapesMatch && vMatch {
			app = analyzer.Safe
		}
	case value != nil && references(value, idxNames):
		return analysis.SuggestedFix{}, false
	default:
		edits = []analysis.TextEdit{in.Replace(sub.Slice, maskT)}
		if shapesMatch {
			app = analyzer.Safe
		}
	}
	if aug, ok := st.(*ast.AugAssign); ok && references(aug.Value, idxNames) {
		return analysis.SuggestedFix{}, false
	}
	if !isBool {
		app = analyzer.Unsafe // `!= 0` matches nonzero for numbers and bools, not for object arrays
	}
	fix := analysis.SuggestedFix{Message: msg, TextEdits: edits}
	analyzer.SetApplicability(&fix, app)
	return fix, true
}

// moduleAlias returns the text naming the array module of a producer call such as np.nonzero
// ("np"), or "" when the call is a method or a bare imported name.
func moduleAlias(in *pyinspect.Result, info *arrays.Info, call *ast.Call) string {
	at, ok := call.Func.(*ast.Attribute)
	if !ok {
		return ""
	}
	ref, ok := info.Imports().Resolve(at.Value)
	if !ok || ref.API != "" {
		return ""
	}
	return in.Text(at.Value)
}

func sameTuple(a, b ast.Expr) bool {
	ta, ok1 := a.(*ast.Tuple)
	tb, ok2 := b.(*ast.Tuple)
	if !ok1 || !ok2 || len(ta.Elts) != len(tb.Elts) {
		return false
	}
	for i := range ta.Elts {
		if !arrays.SameExpr(ta.Elts[i], tb.Elts[i]) {
			return false
		}
	}
	return true
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
