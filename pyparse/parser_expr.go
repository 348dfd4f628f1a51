package pyparse

// This file defines expression parsing: the precedence ladder from star_expressions down to
// atoms, calls, subscripts, displays, comprehensions and lambdas.
//
// Ranges follow CPython: a node spans from the first token its grammar rule consumed to the last,
// so `(a).b` starts at the parenthesis while the Name inside keeps its own range, and a
// parenthesised tuple includes its parentheses.

import (
	"github.com/arraylint/arraylint/pyparse/ast"
)

// startsExpr reports whether a token of kind k can begin an expression.
func startsExpr(k TokenKind) bool {
	switch k {
	case Name, Number, String, FStringStart, LPar, LSqb, LBrace, Minus, Plus, Tilde, Star,
		KwNot, KwLambda, KwAwait, KwNone, KwTrue, KwFalse, Ellipsis:
		return true
	}
	return false
}

// parseStarExprs parses star_expressions: a bare tuple when a comma follows the first item.
func (p *parser) parseStarExprs() ast.Expr {
	start := p.tok.Start
	first := p.parseStarExpr()
	if !p.at(Comma) {
		return first
	}
	m := len(p.exprScratch)
	p.exprScratch = append(p.exprScratch, first)
	for p.eat(Comma) {
		if !startsExpr(p.tok.Kind) {
			break
		}
		p.exprScratch = append(p.exprScratch, p.parseStarExpr())
	}
	return p.newTuple(p.span(start), p.exprs(m), ast.Load)
}

// parseStarExpr parses star_expression: '*' bitwise_or | expression.
func (p *parser) parseStarExpr() ast.Expr {
	if p.at(Star) {
		start := p.tok.Start
		p.next()
		v := p.parseBitOr()
		return &ast.Starred{Range: p.span(start), Value: v, Ctx: ast.Load}
	}
	return p.parseExpr()
}

// parseStarNamedExpr parses star_named_expression: '*' bitwise_or | named_expression.
func (p *parser) parseStarNamedExpr() ast.Expr {
	if p.at(Star) {
		start := p.tok.Start
		p.next()
		v := p.parseBitOr()
		return &ast.Starred{Range: p.span(start), Value: v, Ctx: ast.Load}
	}
	return p.parseNamedExpr()
}

// parseNamedExpr parses named_expression: NAME ':=' expression | expression.
func (p *parser) parseNamedExpr() ast.Expr {
	if p.at(Name) && p.peek(1).Kind == ColonEqual {
		start := p.tok.Start
		target := p.newName(p.tok.Range, p.name(p.tok), ast.Store)
		p.next()
		p.next()
		v := p.parseExpr()
		return &ast.NamedExpr{Range: p.span(start), Target: target, Value: v}
	}
	e := p.parseExpr()
	if p.at(ColonEqual) {
		p.errorf(e.Span(), "cannot use assignment expressions with %s", exprKind(e))
	}
	return e
}

// atomEnds marks the tokens after which a lone Name or Number atom is a complete expression:
// nothing at any precedence level can continue it.
var atomEnds = [numTokenKinds]bool{Comma: true, RPar: true, RSqb: true, RBrace: true, Colon: true,
	Newline: true, Equal: true, Semi: true, KwFor: true, KwAs: true}

// startsPrimary marks the tokens that begin an expression with its primary: no prefix operator,
// await, lambda or star, so parsing the expression descends the precedence levels straight to
// parsePrimary.
var startsPrimary = [numTokenKinds]bool{Name: true, Number: true, String: true, FStringStart: true,
	LPar: true, LSqb: true, LBrace: true, KwNone: true, KwTrue: true, KwFalse: true, Ellipsis: true}

// parseExpr parses expression: a conditional expression, a lambda or a disjunction.
func (p *parser) parseExpr() ast.Expr {
	k := p.tok.Kind
	if (k == Name || k == Number) && atomEnds[p.toks[p.pos+1].Kind] {
		return p.parseAtom() // fast path: skips the dozen precedence levels
	}
	if !p.enter() {
		return p.missing()
	}
	var e ast.Expr
	if k == KwLambda {
		e = p.parseLambda()
	} else {
		start := p.tok.Start
		if startsPrimary[k] {
			// The same parse as parseDisjunction's, without the calls down the precedence
			// levels to the primary every operand of them starts with: parse the primary,
			// then let each level, lowest first, continue from what is parsed.
			e = p.parsePrimary()
			if !atomEnds[p.tok.Kind] {
				e = p.powerFrom(start, e)
				e = p.binaryFrom(start, e, 1)
				e = p.comparisonFrom(start, e)
				e = p.conjunctionFrom(start, e)
				e = p.disjunctionFrom(start, e)
			}
		} else {
			e = p.parseDisjunction()
		}
		if p.at(KwIf) {
			p.next()
			test := p.parseDisjunction()
			if !p.at(KwElse) {
				p.errorAt(p.span(start), ErrKindSyntax, "expected 'else' after 'if' expression")
			}
			p.next()
			orelse := p.parseExpr()
			e = &ast.IfExp{Range: p.span(start), Test: test, Body: e, Orelse: orelse}
		}
	}
	p.leave()
	return e
}

// parseDisjunction parses `a or b or c` into one BoolOp.
func (p *parser) parseDisjunction() ast.Expr {
	start := p.tok.Start
	return p.disjunctionFrom(start, p.parseConjunction())
}

// disjunctionFrom continues a disjunction whose first operand, first, started at start.
func (p *parser) disjunctionFrom(start Offset, first ast.Expr) ast.Expr {
	if !p.at(KwOr) {
		return first
	}
	m := len(p.exprScratch)
	p.exprScratch = append(p.exprScratch, first)
	for p.eat(KwOr) {
		p.exprScratch = append(p.exprScratch, p.parseConjunction())
	}
	return &ast.BoolOp{Range: p.span(start), Op: ast.Or, Values: p.exprs(m)}
}

// parseConjunction parses `a and b and c` into one BoolOp.
func (p *parser) parseConjunction() ast.Expr {
	start := p.tok.Start
	return p.conjunctionFrom(start, p.parseInversion())
}

// conjunctionFrom continues a conjunction whose first operand, first, started at start.
func (p *parser) conjunctionFrom(start Offset, first ast.Expr) ast.Expr {
	if !p.at(KwAnd) {
		return first
	}
	m := len(p.exprScratch)
	p.exprScratch = append(p.exprScratch, first)
	for p.eat(KwAnd) {
		p.exprScratch = append(p.exprScratch, p.parseInversion())
	}
	return &ast.BoolOp{Range: p.span(start), Op: ast.And, Values: p.exprs(m)}
}

// parseInversion parses `not` inversion | comparison.
func (p *parser) parseInversion() ast.Expr {
	if !p.at(KwNot) {
		return p.parseComparison()
	}
	start := p.tok.Start
	if !p.enter() {
		return p.missing()
	}
	p.next()
	v := p.parseInversion()
	p.leave()
	return &ast.UnaryOp{Range: p.span(start), Op: ast.Not, Operand: v}
}

// cmpOp returns the comparison operator at the cursor and how many tokens it spans (0: none).
func (p *parser) cmpOp() (ast.CmpOp, int) {
	switch p.tok.Kind {
	case EqEqual:
		return ast.Eq, 1
	case NotEqual:
		return ast.NotEq, 1
	case Less:
		return ast.Lt, 1
	case LessEqual:
		return ast.LtE, 1
	case Greater:
		return ast.Gt, 1
	case GreaterEqual:
		return ast.GtE, 1
	case KwIn:
		return ast.In, 1
	case KwNot:
		if p.peek(1).Kind == KwIn {
			return ast.NotIn, 2
		}
	case KwIs:
		if p.peek(1).Kind == KwNot {
			return ast.IsNot, 2
		}
		return ast.Is, 1
	}
	return 0, 0
}

// parseComparison parses bitwise_or (compare_op bitwise_or)*.
func (p *parser) parseComparison() ast.Expr {
	start := p.tok.Start
	return p.comparisonFrom(start, p.parseBitOr())
}

// comparisonFrom continues a comparison whose first operand, left, started at start.
func (p *parser) comparisonFrom(start Offset, left ast.Expr) ast.Expr {
	op, n := p.cmpOp()
	if n == 0 {
		return left
	}
	var ops []ast.CmpOp
	m := len(p.exprScratch)
	for n > 0 {
		ops = append(ops, op)
		p.next()
		if n == 2 {
			p.next()
		}
		p.exprScratch = append(p.exprScratch, p.parseBitOr())
		op, n = p.cmpOp()
	}
	c := alloc(&p.cmpSlab)
	c.Range, c.Left, c.Ops, c.Comparators = p.span(start), left, ops, p.exprs(m)
	return c
}

// binOp returns the binary operator at the cursor and its precedence (0: none).
func binOp(k TokenKind) (ast.Operator, int) {
	switch k {
	case VBar:
		return ast.BitOr, 1
	case CircumFlex:
		return ast.BitXor, 2
	case Amper:
		return ast.BitAnd, 3
	case LeftShift:
		return ast.LShift, 4
	case RightShift:
		return ast.RShift, 4
	case Plus:
		return ast.Add, 5
	case Minus:
		return ast.Sub, 5
	case Star:
		return ast.Mult, 6
	case Slash:
		return ast.Div, 6
	case DoubleSlash:
		return ast.FloorDiv, 6
	case Percent:
		return ast.Mod, 6
	case At:
		return ast.MatMult, 6
	}
	return 0, 0
}

// parseBitOr parses bitwise_or and everything below it down to factor.
func (p *parser) parseBitOr() ast.Expr { return p.parseBinary(1) }

// parseBinary is precedence climbing over the left-associative binary operators.
func (p *parser) parseBinary(minPrec int) ast.Expr {
	start := p.tok.Start
	return p.binaryFrom(start, p.parseFactor(), minPrec)
}

// binaryFrom continues parseBinary(minPrec) from its first operand, left, which started at start.
func (p *parser) binaryFrom(start Offset, left ast.Expr, minPrec int) ast.Expr {
	for n := 0; ; n++ {
		op, prec := binOp(p.tok.Kind)
		if prec < minPrec || prec == 0 || !p.chainLink(n) {
			return left
		}
		p.next()
		right := p.parseBinary(prec + 1)
		left = p.newBinOp(p.span(start), left, op, right)
	}
}

func (p *parser) newBinOp(r Range, l ast.Expr, op ast.Operator, rt ast.Expr) *ast.BinOp {
	b := alloc(&p.binSlab)
	b.Range, b.Left, b.Op, b.Right = r, l, op, rt
	return b
}

// parseFactor parses unary +, - and ~, then power.
func (p *parser) parseFactor() ast.Expr {
	var op ast.UnaryOperator
	switch p.tok.Kind {
	case Plus:
		op = ast.UAdd
	case Minus:
		op = ast.USub
	case Tilde:
		op = ast.Invert
	default:
		return p.parsePower()
	}
	start := p.tok.Start
	if !p.enter() {
		return p.missing()
	}
	p.next()
	v := p.parseFactor()
	p.leave()
	return &ast.UnaryOp{Range: p.span(start), Op: op, Operand: v}
}

// parsePower parses await_primary ['**' factor].
func (p *parser) parsePower() ast.Expr {
	start := p.tok.Start
	return p.powerFrom(start, p.parseAwaitPrimary())
}

// powerFrom continues a power whose base, which started at start, is parsed.
func (p *parser) powerFrom(start Offset, base ast.Expr) ast.Expr {
	if !p.at(DoubleStar) {
		return base
	}
	if !p.enter() {
		return base
	}
	p.next()
	exp := p.parseFactor()
	p.leave()
	return p.newBinOp(p.span(start), base, ast.Pow, exp)
}

// parseAwaitPrimary parses ['await'] primary.
func (p *parser) parseAwaitPrimary() ast.Expr {
	if !p.at(KwAwait) {
		return p.parsePrimary()
	}
	start := p.tok.Start
	p.next()
	v := p.parsePrimary()
	return &ast.Await{Range: p.span(start), Value: v}
}

// parsePrimary parses an atom followed by attribute, call and subscript trailers.
func (p *parser) parsePrimary() ast.Expr {
	start := p.tok.Start
	e := p.parseAtom()
	for n := 0; ; n++ {
		if k := p.tok.Kind; (k == Dot || k == LPar || k == LSqb) && !p.chainLink(n) {
			return e
		}
		switch p.tok.Kind {
		case Dot:
			p.next()
			if !p.at(Name) {
				p.errorHere("invalid syntax")
				return e
			}
			a := alloc(&p.attrSlab)
			a.Value, a.Attr, a.Ctx = e, p.name(p.tok), ast.Load
			p.next()
			a.Range = p.span(start)
			e = a
		case LPar:
			e = p.parseCall(start, e)
		case LSqb:
			p.next()
			if !p.enter() {
				return e
			}
			s := p.parseSlices()
			p.leave()
			p.expect(RSqb, "expected ']'")
			sub := alloc(&p.subSlab)
			sub.Range, sub.Value, sub.Slice, sub.Ctx = p.span(start), e, s, ast.Load
			e = sub
		default:
			return e
		}
	}
}

// parseSlices parses the inside of a subscript: one slice or a tuple of slices.
func (p *parser) parseSlices() ast.Expr {
	start := p.tok.Start
	first := p.parseSlice()
	if !p.at(Comma) {
		if _, ok := first.(*ast.Starred); ok {
			return p.newTuple(p.span(start), []ast.Expr{first}, ast.Load)
		}
		return first
	}
	m := len(p.exprScratch)
	p.exprScratch = append(p.exprScratch, first)
	for p.eat(Comma) {
		if !startsExpr(p.tok.Kind) && !p.at(Colon) {
			break
		}
		p.exprScratch = append(p.exprScratch, p.parseSlice())
	}
	return p.newTuple(p.span(start), p.exprs(m), ast.Load)
}

// parseSlice parses slice: [lower] ':' [upper] [':' [step]] | named_expression | starred.
func (p *parser) parseSlice() ast.Expr {
	start := p.tok.Start
	if p.at(Star) {
		p.next()
		v := p.parseBitOr()
		return &ast.Starred{Range: p.span(start), Value: v, Ctx: ast.Load}
	}
	var lower, upper, step ast.Expr
	if !p.at(Colon) {
		lower = p.parseNamedExpr()
		if !p.at(Colon) {
			return lower
		}
		if _, ok := lower.(*ast.NamedExpr); ok {
			p.errorHere("invalid syntax")
		}
	}
	p.next()
	if startsExpr(p.tok.Kind) {
		upper = p.parseExpr()
	}
	if p.eat(Colon) && startsExpr(p.tok.Kind) {
		step = p.parseExpr()
	}
	return &ast.Slice{Range: p.span(start), Lower: lower, Upper: upper, Step: step}
}

// parseCall parses the argument list of a call of fn, which started at start.
func (p *parser) parseCall(start Offset, fn ast.Expr) ast.Expr {
	c := alloc(&p.callSlab)
	c.Func = fn
	c.Args, c.Keywords = p.parseArguments(true)
	c.Range = p.span(start)
	return c
}

// parseArguments parses '(' [args] ')' of a call or class definition. Only a call may have a
// generator expression as its sole, unparenthesised argument.
func (p *parser) parseArguments(call bool) ([]ast.Expr, []*ast.Keyword) {
	open := p.tok.Start
	p.next()
	if !p.enter() {
		return nil, nil
	}
	defer p.leave()
	var last ast.Expr
	m, mk := len(p.exprScratch), len(p.kwScratch)
	sawKw, sawKwUnpack := false, false
	for !p.at(RPar) {
		start := p.tok.Start
		switch {
		case p.at(Star):
			p.next()
			v := p.parseExpr()
			if sawKwUnpack {
				p.errorf(p.span(start), "iterable argument unpacking follows keyword argument unpacking")
			}
			last = &ast.Starred{Range: p.span(start), Value: v, Ctx: ast.Load}
			p.exprScratch = append(p.exprScratch, last)
		case p.at(DoubleStar):
			p.next()
			v := p.parseExpr()
			kw := alloc(&p.keywords)
			kw.Range, kw.Value = p.span(start), v
			p.kwScratch = append(p.kwScratch, kw)
			sawKwUnpack = true
			last = v
		case p.at(Name) && p.peek(1).Kind == Equal:
			name := p.name(p.tok)
			p.next()
			p.next()
			v := p.parseExpr()
			kw := alloc(&p.keywords)
			kw.Range, kw.Arg, kw.Value = p.span(start), name, v
			p.kwScratch = append(p.kwScratch, kw)
			sawKw = true
			last = v
		default:
			e := p.parseNamedExpr()
			if p.at(KwFor) || (p.at(KwAsync) && p.peek(1).Kind == KwFor) {
				gens := p.parseComprehensions()
				sole := call && len(p.exprScratch) == m && len(p.kwScratch) == mk && p.at(RPar)
				if sole {
					p.next()
					g := &ast.GeneratorExp{Range: p.span(open), Elt: e, Generators: gens}
					p.exprScratch = append(p.exprScratch, g)
					return p.exprs(m), popScratch(&p.kwScratch, mk, &p.kwLists)
				}
				e = &ast.GeneratorExp{Range: p.span(start), Elt: e, Generators: gens}
				p.errorNode(e, "Generator expression must be parenthesized")
			}
			if p.at(Equal) {
				if c, ok := e.(*ast.Constant); ok && (c.Value.Kind == ast.ConstBool || c.Value.Kind == ast.ConstNone) {
					p.errorNode(e, "cannot assign to "+exprKind(e))
				}
				p.errorf(p.span(start), "expression cannot contain assignment, perhaps you meant \"==\"?")
			}
			if sawKwUnpack {
				p.errorNode(e, "positional argument follows keyword argument unpacking")
			} else if sawKw {
				p.errorNode(e, "positional argument follows keyword argument")
			}
			p.exprScratch = append(p.exprScratch, e)
			last = e
		}
		if !p.eat(Comma) {
			break
		}
		last = nil
	}
	p.expectClose(RPar, "expected ')'", last)
	return p.exprs(m), popScratch(&p.kwScratch, mk, &p.kwLists)
}

// parseAtom parses names, constants, strings and the bracketed displays.
func (p *parser) parseAtom() ast.Expr {
	t := p.tok
	switch t.Kind {
	case Name:
		p.next()
		return p.newName(t.Range, p.name(t), ast.Load)
	case Number:
		v, err := ParseNumber(p.text(t.Range))
		if err != nil && t.Flags&FlagError == 0 {
			p.literalError(err.Range, err.Kind, err.Msg)
		}
		p.next()
		return p.newConst(t.Range, v)
	case String, FStringStart:
		return p.parseStrings()
	case KwNone:
		p.next()
		return p.newConst(t.Range, ast.ConstValue{Kind: ast.ConstNone})
	case KwTrue, KwFalse:
		p.next()
		return p.newConst(t.Range, ast.ConstValue{Kind: ast.ConstBool, Bool: t.Kind == KwTrue})
	case Ellipsis:
		p.next()
		return p.newConst(t.Range, ast.ConstValue{Kind: ast.ConstEllipsis})
	case LPar:
		return p.parseParen()
	case LSqb:
		return p.parseList()
	case LBrace:
		return p.parseBrace()
	case Star:
		p.errorHere("cannot use starred expression here")
	default:
		p.errorHere("invalid syntax")
	}
	return p.missing()
}

func (p *parser) newConst(r Range, v ast.ConstValue) *ast.Constant {
	c := alloc(&p.constSlab)
	c.Range, c.Value = r, v
	return c
}

func (p *parser) newTuple(r Range, elts []ast.Expr, ctx ast.ExprContext) *ast.Tuple {
	t := alloc(&p.tupleSlab)
	t.Range, t.Elts, t.Ctx = r, elts, ctx
	return t
}

// atComprehension reports whether a comprehension's `for` or `async for` starts here.
func (p *parser) atComprehension() bool {
	return p.at(KwFor) || (p.at(KwAsync) && p.peek(1).Kind == KwFor)
}

// parseParen parses a parenthesised group, tuple, yield or generator expression.
func (p *parser) parseParen() ast.Expr {
	start := p.tok.Start
	p.next()
	if !p.enter() {
		return p.missing()
	}
	defer p.leave()
	if p.eat(RPar) {
		return p.newTuple(p.span(start), nil, ast.Load)
	}
	if p.at(KwYield) {
		e := p.parseYield()
		p.expect(RPar, "expected ')'")
		return e
	}
	first := p.parseStarNamedExpr()
	if p.atComprehension() {
		gens := p.parseCompTail(first, RPar, "expected ')'")
		return &ast.GeneratorExp{Range: p.span(start), Elt: first, Generators: gens}
	}
	if p.at(Comma) {
		elts := p.parseEltsRest(first, RPar, "expected ')'")
		return p.newTuple(p.span(start), elts, ast.Load)
	}
	if p.at(RPar) {
		if _, ok := first.(*ast.Starred); ok {
			p.errorNode(first, "cannot use starred expression here")
		}
	}
	p.expectClose(RPar, "expected ')'", first)
	return first
}

// parseList parses a list display or list comprehension.
func (p *parser) parseList() ast.Expr {
	start := p.tok.Start
	p.next()
	if !p.enter() {
		return p.missing()
	}
	defer p.leave()
	if p.eat(RSqb) {
		return &ast.List{Range: p.span(start), Ctx: ast.Load}
	}
	first := p.parseStarNamedExpr()
	if p.atComprehension() {
		gens := p.parseCompTail(first, RSqb, "expected ']'")
		return &ast.ListComp{Range: p.span(start), Elt: first, Generators: gens}
	}
	elts := p.parseEltsRest(first, RSqb, "expected ']'")
	l := alloc(&p.listSlab)
	l.Range, l.Elts, l.Ctx = p.span(start), elts, ast.Load
	return l
}

// parseBrace parses a dict or set display or comprehension.
func (p *parser) parseBrace() ast.Expr {
	start := p.tok.Start
	p.next()
	if !p.enter() {
		return p.missing()
	}
	defer p.leave()
	if p.eat(RBrace) {
		return &ast.Dict{Range: p.span(start)}
	}
	if p.at(DoubleStar) {
		return p.parseDictRest(start, nil, nil)
	}
	fstart := p.tok.Start
	first := p.parseStarNamedExpr()
	if p.at(Colon) {
		switch first.(type) {
		case *ast.Starred:
			p.errorNode(first, "cannot use a starred expression in a dictionary key")
		case *ast.NamedExpr:
			if p.src[fstart] != '(' { // a key is an expression: `{x := 1: 2}` is invalid
				p.errorHere("invalid syntax")
			}
		}
		p.next()
		if p.at(Star) {
			p.errorHere("cannot use a starred expression in a dictionary value")
		}
		v := p.parseExpr()
		if p.atComprehension() {
			gens := p.parseComprehensions()
			p.expect(RBrace, "expected '}'")
			return &ast.DictComp{Range: p.span(start), Key: first, Value: v, Generators: gens}
		}
		if !p.eat(Comma) {
			p.expectClose(RBrace, "expected '}'", v)
			return &ast.Dict{Range: p.span(start), Keys: []ast.Expr{first}, Values: []ast.Expr{v}}
		}
		return p.parseDictRest(start, []ast.Expr{first}, []ast.Expr{v})
	}
	if p.atComprehension() {
		gens := p.parseCompTail(first, RBrace, "expected '}'")
		return &ast.SetComp{Range: p.span(start), Elt: first, Generators: gens}
	}
	elts := p.parseEltsRest(first, RBrace, "expected '}'")
	return &ast.Set{Range: p.span(start), Elts: elts}
}

// parseCompTail parses the comprehension clauses after the element elt of a generator, list or
// set comprehension, and the closing token closer (msg when it is missing).
func (p *parser) parseCompTail(elt ast.Expr, closer TokenKind, msg string) []*ast.Comprehension {
	if _, ok := elt.(*ast.Starred); ok {
		p.errorNode(elt, "iterable unpacking cannot be used in comprehension")
	}
	gens := p.parseComprehensions()
	p.expect(closer, msg)
	return gens
}

// parseEltsRest parses the `, elt` items after first in a tuple, list or set display, and the
// closing token closer (msg when it is missing); it returns first and the items.
func (p *parser) parseEltsRest(first ast.Expr, closer TokenKind, msg string) []ast.Expr {
	m := len(p.exprScratch)
	p.exprScratch = append(p.exprScratch, first)
	last := first
	for p.eat(Comma) {
		if p.at(closer) {
			last = nil
			break
		}
		last = p.parseStarNamedExpr()
		p.exprScratch = append(p.exprScratch, last)
	}
	p.expectClose(closer, msg, last)
	return p.exprs(m)
}

// parseDictRest parses the remaining `key: value` and `**mapping` items of a dict display.
func (p *parser) parseDictRest(start Offset, keys, values []ast.Expr) ast.Expr {
	var last ast.Expr
	for !p.at(RBrace) {
		if p.eat(DoubleStar) {
			last = p.parseBitOr()
			keys = append(keys, nil)
			values = append(values, last)
		} else {
			k := p.parseExpr()
			p.expect(Colon, "':' expected after dictionary key")
			if p.at(Star) {
				p.errorHere("cannot use a starred expression in a dictionary value")
			}
			last = p.parseExpr()
			keys = append(keys, k)
			values = append(values, last)
		}
		if !p.eat(Comma) {
			break
		}
		last = nil
	}
	if p.atComprehension() && len(keys) == 1 && keys[0] == nil {
		p.errorHere("dict unpacking cannot be used in dict comprehension")
	}
	p.expectClose(RBrace, "expected '}'", last)
	return &ast.Dict{Range: p.span(start), Keys: keys, Values: values}
}

// parseComprehensions parses one or more `[async] for targets in iter (if cond)*` clauses.
func (p *parser) parseComprehensions() []*ast.Comprehension {
	var gens []*ast.Comprehension
	for p.atComprehension() {
		start := p.tok.Start
		isAsync := 0
		if p.eat(KwAsync) {
			isAsync = 1
		}
		p.next()
		target := p.parseStarTargets()
		p.expect(KwIn, "expected 'in'")
		iter := p.parseDisjunction()
		m := len(p.exprScratch)
		for p.eat(KwIf) {
			p.exprScratch = append(p.exprScratch, p.parseDisjunction())
		}
		gens = append(gens, &ast.Comprehension{Range: p.span(start), Target: target, Iter: iter,
			Ifs: p.exprs(m), IsAsync: isAsync})
	}
	return gens
}

// parseYield parses `yield [star_expressions]` or `yield from expression`.
func (p *parser) parseYield() ast.Expr {
	start := p.tok.Start
	p.next()
	if p.eat(KwFrom) {
		v := p.parseExpr()
		return &ast.YieldFrom{Range: p.span(start), Value: v}
	}
	var v ast.Expr
	if startsExpr(p.tok.Kind) {
		v = p.parseStarExprs()
	}
	return &ast.Yield{Range: p.span(start), Value: v}
}

// parseLambda parses `lambda [params]: expression`.
func (p *parser) parseLambda() ast.Expr {
	start := p.tok.Start
	p.next()
	args := p.parseParams(Colon, true)
	p.expect(Colon, "expected ':'")
	body := p.parseExpr()
	return &ast.Lambda{Range: p.span(start), Args: args, Body: body}
}

// expectClose expects the closing bracket k after the element last of a display or argument
// list. When an expression starts there instead, the user most likely forgot a comma: CPython
// says so (except after a soft keyword or a name directly followed by a string, as it does).
func (p *parser) expectClose(k TokenKind, msg string, last ast.Expr) {
	if !p.at(k) && last != nil && startsExpr(p.tok.Kind) && !p.failed {
		n, isName := last.(*ast.Name)
		soft := isName && (n.ID == "match" || n.ID == "case" || n.ID == "type" || n.ID == "_")
		if !soft && !(isName && (p.at(String) || p.at(FStringStart))) {
			p.errorAt(Range{Start: last.Span().Start, End: p.tok.End}, ErrKindSyntax, "invalid syntax. Perhaps you forgot a comma?")
			return
		}
	}
	p.expect(k, msg)
}
