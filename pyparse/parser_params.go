package pyparse

// This file defines parameter lists of def and lambda.

import (
	"github.com/arraylint/arraylint/pyparse/ast"
)

// parseParams parses a parameter list up to (not including) a token of kind end. Lambda
// parameters take no annotations.
func (p *parser) parseParams(end TokenKind, lambda bool) *ast.Arguments {
	start := p.tok.Start
	a := alloc(&p.argsSlab)
	const (
		positional = iota
		keywordOnly
		afterKwarg
	)
	state := positional
	sawSlash, sawDefault, bareStar := false, false, false
	m := len(p.argScratch) // the positional parameters so far are p.argScratch[m:]
	for !p.at(end) {
		if state == afterKwarg {
			p.errorHere("arguments cannot follow var-keyword argument")
			break
		}
		switch p.tok.Kind {
		case Slash:
			switch {
			case sawSlash:
				p.errorHere("/ may appear only once")
			case state != positional:
				p.errorHere("/ must be ahead of *")
			case len(p.argScratch) == m:
				p.errorHere("at least one argument must precede /")
			}
			p.next()
			a.Posonlyargs = popScratch(&p.argScratch, m, &p.argLists)
			sawSlash = true
		case Star:
			if state != positional {
				p.errorHere("* argument may appear only once")
			}
			p.next()
			state = keywordOnly
			if p.at(Comma) || p.at(end) {
				bareStar = true
				break
			}
			a.Vararg = p.parseArg(lambda, true)
			if p.at(Equal) {
				p.errorHere("var-positional argument cannot have default value")
			}
		case DoubleStar:
			p.next()
			a.Kwarg = p.parseArg(lambda, false)
			if p.at(Equal) {
				p.errorHere("var-keyword argument cannot have default value")
			}
			state = afterKwarg
		case Name:
			arg := p.parseArg(lambda, false)
			var def ast.Expr
			if p.eat(Equal) {
				def = p.parseExpr()
			}
			if state == positional {
				p.argScratch = append(p.argScratch, arg)
				if def != nil {
					a.Defaults = append(a.Defaults, def)
					sawDefault = true
				} else if sawDefault {
					p.errorNode(arg, "non-default argument follows default argument")
				}
			} else {
				a.Kwonlyargs = append(a.Kwonlyargs, arg)
				a.KwDefaults = append(a.KwDefaults, def)
			}
		default:
			p.errorHere("invalid syntax")
		}
		if !p.eat(Comma) {
			break
		}
	}
	if bareStar && len(a.Kwonlyargs) == 0 && !p.failed {
		p.errorAt(Range{Start: start, End: p.tok.Start}, ErrKindSyntax, "named arguments must follow bare *")
	}
	a.Args = popScratch(&p.argScratch, m, &p.argLists)
	a.Range = p.span(start)
	return a
}

// parseArg parses NAME [':' annotation]; starAnn allows `*Ts` annotations (on *args).
func (p *parser) parseArg(lambda, starAnn bool) *ast.Arg {
	start := p.tok.Start
	if !p.at(Name) {
		p.errorHere("invalid syntax")
		return &ast.Arg{Range: Range{Start: start, End: start}}
	}
	arg := alloc(&p.argSlab)
	arg.Arg = p.name(p.tok)
	p.next()
	if !lambda && p.eat(Colon) {
		if starAnn && p.at(Star) {
			arg.Annotation = p.parseStarExpr()
		} else {
			arg.Annotation = p.parseExpr()
		}
	}
	arg.Range = p.span(start)
	return arg
}
