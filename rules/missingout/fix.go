package missingout

import (
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// This file defines the fix: rewrite the expression as augmented assignments into one buffer.
//
//	self:     a = a * 2 + 1      →  a *= 2; a += 1
//	dead:     c = b * 2 + 1      →  b *= 2; b += 1; c = b      (b is never read again)
//	compound: z = x * y + 1.0    →  z = x * y; z += 1.0
//
// Each form is offered only when every intermediate has the final dtype and shape (so the
// in-place operator neither fails nor rounds differently) and no later operand reads the buffer.

func inPlaceFix(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, asg *ast.Assign, ch chain, buf, tgt string, safe bool) (analysis.SuggestedFix, bool) {
	indent, ok := in.Indent(asg.Start)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	for _, c := range in.File.Comments {
		if c.Start >= asg.Start && c.End <= asg.End {
			return analysis.SuggestedFix{}, false // the rewrite would lose a comment inside the statement
		}
	}
	for _, op := range ch.ops {
		a, ok := info.Array(op)
		if !ok || a.DType != ch.final.DType || !arrays.SameShape(a, ch.final) {
			return analysis.SuggestedFix{}, false
		}
	}
	base, baseIsName := ch.base.(*ast.Name)
	inPlaceBase := baseIsName && base.ID == buf
	if inPlaceBase {
		ba, ok := info.Array(ch.base)
		if !ok || ba.DType != ch.final.DType || !arrays.SameShape(ba, ch.final) {
			return analysis.SuggestedFix{}, false
		}
	}
	var lines []string
	first := 0
	if !inPlaceBase {
		// compound: the first operator allocates the result buffer, the rest update it
		lines = append(lines, fmt.Sprintf("%s = %s", tgt, operand(in, ch.ops[0])))
		first = 1
	}
	for i := first; i < len(ch.ops); i++ {
		op, right := ch.ops[i], ch.rights[i]
		if (len(ch.ops) > 1 || buf != tgt) && references(right, buf) {
			return analysis.SuggestedFix{}, false
		}
		lines = append(lines, fmt.Sprintf("%s %s= %s", buf, op.Op.Symbol(), operand(in, right)))
	}
	if buf != tgt {
		lines = append(lines, fmt.Sprintf("%s = %s", tgt, buf))
	}
	msg := fmt.Sprintf("Update `%s` in place", buf)
	fix := analysis.SuggestedFix{Message: msg,
		TextEdits: []analysis.TextEdit{in.Replace(asg, strings.Join(lines, "\n"+indent))}}
	app := analyzer.Safe
	if !safe && info.MayAlias(asg, buf) {
		app = analyzer.Unsafe // the old array may be shared: updating it in place is visible elsewhere
	}
	analyzer.SetApplicability(pass, &fix, app)
	return fix, true
}

// operand returns the source of e for the right-hand side of a new statement: in parentheses
// when it spans lines, which it could only do inside the brackets the rewrite removes.
func operand(in *pyinspect.Result, e ast.Node) string {
	t := in.Text(e)
	if strings.ContainsAny(t, "\r\n") {
		return "(" + t + ")"
	}
	return t
}
