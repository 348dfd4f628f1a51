package pyparse

// This file defines assignment, deletion and for-loop targets: parsing them and setting the
// Store/Del context on the expressions that may be assigned, with CPython's error messages
// for those that may not.

import (
	"github.com/arraylint/arraylint/pyparse/ast"
)

// parseStarTargets parses star_targets: a target or a bare tuple of targets, with Store context.
func (p *parser) parseStarTargets() ast.Expr {
	start := p.tok.Start
	first := p.parseStarTarget()
	if !p.at(Comma) {
		p.setContext(first, ast.Store)
		return first
	}
	m := len(p.exprScratch)
	p.exprScratch = append(p.exprScratch, first)
	for p.eat(Comma) {
		if !startsExpr(p.tok.Kind) {
			break
		}
		p.exprScratch = append(p.exprScratch, p.parseStarTarget())
	}
	t := p.newTuple(p.span(start), p.exprs(m), ast.Store)
	p.setContext(t, ast.Store)
	return t
}

// parseStarTarget parses one target at bitwise_or level (so `in` ends it), or '*' target.
func (p *parser) parseStarTarget() ast.Expr {
	if !p.at(Star) {
		return p.parseBitOr()
	}
	start := p.tok.Start
	p.next()
	if p.at(Star) {
		p.errorHere("invalid syntax")
	}
	v := p.parseStarTarget()
	return &ast.Starred{Range: p.span(start), Value: v, Ctx: ast.Load}
}

// setContext sets ctx on e and its sub-targets, or records why e cannot be a target.
func (p *parser) setContext(e ast.Expr, ctx ast.ExprContext) {
	switch n := e.(type) {
	case *ast.Name:
		n.Ctx = ctx
	case *ast.Attribute:
		n.Ctx = ctx
	case *ast.Subscript:
		n.Ctx = ctx
	case *ast.Starred:
		if ctx == ast.Del {
			p.errorNode(e, "cannot delete starred")
			return
		}
		n.Ctx = ctx
		p.setContext(n.Value, ctx)
	case *ast.Tuple:
		n.Ctx = ctx
		for _, x := range n.Elts {
			p.setContext(x, ctx)
		}
	case *ast.List:
		n.Ctx = ctx
		for _, x := range n.Elts {
			p.setContext(x, ctx)
		}
	default:
		verb := "assign to"
		if ctx == ast.Del {
			verb = "delete"
		}
		p.errorf(e.Span(), "cannot %s %s", verb, exprKind(e))
	}
}

// exprKind names an expression kind the way CPython's error messages do.
func exprKind(e ast.Expr) string {
	switch n := e.(type) {
	case *ast.Call:
		return "function call"
	case *ast.Constant:
		switch n.Value.Kind {
		case ast.ConstNone:
			return "None"
		case ast.ConstBool:
			if n.Value.Bool {
				return "True"
			}
			return "False"
		case ast.ConstEllipsis:
			return "ellipsis"
		}
		return "literal"
	case *ast.JoinedStr, *ast.FormattedValue:
		return "f-string expression"
	case *ast.Compare:
		return "comparison"
	case *ast.Lambda:
		return "lambda"
	case *ast.IfExp:
		return "conditional expression"
	case *ast.NamedExpr:
		return "named expression"
	case *ast.Yield, *ast.YieldFrom:
		return "yield expression"
	case *ast.Await:
		return "await expression"
	case *ast.Dict:
		return "dict literal"
	case *ast.Set:
		return "set display"
	case *ast.ListComp:
		return "list comprehension"
	case *ast.SetComp:
		return "set comprehension"
	case *ast.DictComp:
		return "dict comprehension"
	case *ast.GeneratorExp:
		return "generator expression"
	case *ast.Starred:
		return "starred"
	case *ast.Name:
		return "name"
	case *ast.Attribute:
		return "attribute"
	case *ast.Subscript:
		return "subscript"
	case *ast.Tuple:
		return "tuple"
	case *ast.List:
		return "list"
	}
	return "expression"
}
