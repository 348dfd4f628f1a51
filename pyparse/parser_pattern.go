package pyparse

// This file defines the match statement and its patterns.

import (
	"github.com/arraylint/arraylint/pyparse/ast"
)

// atMatchStmt reports whether the `match` soft keyword at the cursor starts a match statement:
// its logical line ends with ':' and the next token could start a subject expression.
func (p *parser) atMatchStmt() bool {
	if !p.atSoft("match") {
		return false
	}
	switch k := p.peek(1).Kind; {
	case k == Equal, k == Dot, k == Colon, k == Comma, k == Newline, k == EndMarker, k == RPar,
		k == ColonEqual, int(k) < len(augOps) && augOps[k] != 0:
		return false
	case !startsExpr(k) && k != KwAwait:
		return false
	}
	return p.toks[p.logicalLineEnd()-1].Kind == Colon
}

// logicalLineEnd returns the index of the Newline or EndMarker that ends the logical line at the
// cursor. The answer is cached, so `match a; match b; …` scans its line once.
func (p *parser) logicalLineEnd() int {
	if p.lineFrom >= 0 && p.lineFrom <= p.pos && p.pos < p.lineEnd {
		return p.lineEnd
	}
	i := p.pos + 1
	for i < len(p.toks)-1 && p.toks[i].Kind != Newline {
		i++
	}
	p.lineFrom, p.lineEnd = p.pos, i
	return i
}

// parseMatch parses `match subject: NEWLINE INDENT case_block+ DEDENT`.
func (p *parser) parseMatch() ast.Stmt {
	start := p.tok.Start
	p.next()
	sstart := p.tok.Start
	subject := p.parseStarNamedExpr()
	if p.at(Comma) {
		m := len(p.exprScratch)
		p.exprScratch = append(p.exprScratch, subject)
		for p.eat(Comma) {
			if p.at(Colon) {
				break
			}
			p.exprScratch = append(p.exprScratch, p.parseStarNamedExpr())
		}
		subject = p.newTuple(p.span(sstart), p.exprs(m), ast.Load)
	} else if _, ok := subject.(*ast.Starred); ok {
		p.errorNode(subject, "invalid syntax")
	}
	p.expect(Colon, "expected ':'")
	p.expect(Newline, "invalid syntax")
	if !p.at(Indent) {
		p.errorAt(p.tok.Range, ErrKindIndentation, "expected an indented block after 'match' statement on line "+itoa(p.lineOf(start)))
		return nil
	}
	p.next()
	if !p.enter() {
		return nil
	}
	defer p.leave()
	var cases []*ast.MatchCase
	for p.atSoft("case") {
		cstart := p.tok.Start
		p.next()
		c := &ast.MatchCase{Pattern: p.parsePatterns()}
		if p.eat(KwIf) {
			c.Guard = p.parseNamedExpr()
		}
		p.expect(Colon, "expected ':'")
		c.Body = p.parseBlock("'case' statement", cstart)
		c.Range = p.span(cstart)
		cases = append(cases, c)
	}
	if len(cases) == 0 || !p.at(Dedent) && !p.at(EndMarker) {
		p.errorHere("invalid syntax")
	}
	p.eat(Dedent)
	return &ast.Match{Range: p.span(start), Subject: subject, Cases: cases}
}

// itoa formats a small non-negative int.
func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// parsePatterns parses the pattern of a case: an open sequence or a single pattern.
func (p *parser) parsePatterns() ast.Pattern {
	start := p.tok.Start
	first := p.parseMaybeStarPattern()
	if !p.at(Comma) {
		if _, ok := first.(*ast.MatchStar); ok {
			p.errorNode(first, "invalid syntax")
		}
		return first
	}
	pats := []ast.Pattern{first}
	for p.eat(Comma) {
		if p.at(Colon) || p.at(KwIf) {
			break
		}
		pats = append(pats, p.parseMaybeStarPattern())
	}
	return &ast.MatchSequence{Range: p.span(start), Patterns: pats}
}

// parseMaybeStarPattern parses '*' NAME or a pattern.
func (p *parser) parseMaybeStarPattern() ast.Pattern {
	if !p.at(Star) {
		return p.parsePattern()
	}
	start := p.tok.Start
	p.next()
	if !p.at(Name) {
		p.errorHere("invalid syntax")
		return &ast.MatchStar{Range: p.span(start)}
	}
	name := p.name(p.tok)
	if name == "_" {
		name = ""
	}
	p.next()
	return &ast.MatchStar{Range: p.span(start), Name: name}
}

// parsePattern parses or_pattern ['as' NAME].
func (p *parser) parsePattern() ast.Pattern {
	start := p.tok.Start
	if !p.enter() {
		return &ast.MatchAs{Range: Range{Start: start, End: start}}
	}
	defer p.leave()
	pat := p.parseOrPattern()
	if !p.eat(KwAs) {
		return pat
	}
	if !p.at(Name) {
		p.errorHere("invalid pattern target")
		return pat
	}
	name := p.name(p.tok)
	if name == "_" {
		p.errorHere("cannot use '_' as a target")
	}
	p.next()
	return &ast.MatchAs{Range: p.span(start), Pattern: pat, Name: name}
}

// parseOrPattern parses closed_pattern ('|' closed_pattern)*.
func (p *parser) parseOrPattern() ast.Pattern {
	start := p.tok.Start
	first := p.parseClosedPattern()
	if !p.at(VBar) {
		return first
	}
	pats := []ast.Pattern{first}
	for p.eat(VBar) {
		pats = append(pats, p.parseClosedPattern())
	}
	return &ast.MatchOr{Range: p.span(start), Patterns: pats}
}

// parseClosedPattern parses a literal, capture, wildcard, value, group, sequence, mapping or
// class pattern.
func (p *parser) parseClosedPattern() ast.Pattern {
	start := p.tok.Start
	switch p.tok.Kind {
	case Number, Minus:
		v := p.parseSignedNumber()
		return &ast.MatchValue{Range: p.span(start), Value: v}
	case String, FStringStart: // ast.parse accepts f-strings here; the compiler rejects them
		v := p.parseStrings()
		return &ast.MatchValue{Range: p.span(start), Value: v}
	case KwNone, KwTrue, KwFalse:
		v := ast.ConstValue{Kind: ast.ConstNone}
		if !p.at(KwNone) {
			v = ast.ConstValue{Kind: ast.ConstBool, Bool: p.at(KwTrue)}
		}
		p.next()
		return &ast.MatchSingleton{Range: p.span(start), Value: v}
	case Name:
		return p.parseNamePattern()
	case LPar:
		p.next()
		if p.eat(RPar) {
			return &ast.MatchSequence{Range: p.span(start)}
		}
		first := p.parseMaybeStarPattern()
		if p.at(Comma) {
			pats := []ast.Pattern{first}
			for p.eat(Comma) {
				if p.at(RPar) {
					break
				}
				pats = append(pats, p.parseMaybeStarPattern())
			}
			p.expect(RPar, "expected ')'")
			return &ast.MatchSequence{Range: p.span(start), Patterns: pats}
		}
		if _, ok := first.(*ast.MatchStar); ok {
			p.errorNode(first, "invalid syntax")
		}
		p.expect(RPar, "expected ')'")
		return first
	case LSqb:
		p.next()
		var pats []ast.Pattern
		for !p.at(RSqb) {
			pats = append(pats, p.parseMaybeStarPattern())
			if !p.eat(Comma) {
				break
			}
		}
		p.expect(RSqb, "expected ']'")
		return &ast.MatchSequence{Range: p.span(start), Patterns: pats}
	case LBrace:
		return p.parseMappingPattern()
	default:
		p.errorHere("invalid syntax")
	}
	return &ast.MatchAs{Range: Range{Start: start, End: start}}
}

// parseSignedNumber parses NUMBER, '-' NUMBER, and the complex forms `a + bj`, `-a - bj`.
func (p *parser) parseSignedNumber() ast.Expr {
	start := p.tok.Start
	neg := p.eat(Minus)
	if !p.at(Number) {
		p.errorHere("invalid syntax")
		return p.missing()
	}
	var e ast.Expr = p.parseAtom()
	if neg {
		e = &ast.UnaryOp{Range: p.span(start), Op: ast.USub, Operand: e}
	}
	if p.at(Plus) || p.at(Minus) {
		op := ast.Add
		if p.at(Minus) {
			op = ast.Sub
		}
		p.next()
		if !p.at(Number) {
			p.errorHere("invalid syntax")
			return e
		}
		imag := p.parseAtom()
		if c, ok := imag.(*ast.Constant); !ok || c.Value.Kind != ast.ConstComplex {
			p.errorNode(imag, "imaginary number required in complex literal")
		}
		if c, ok := e.(*ast.Constant); ok && c.Value.Kind == ast.ConstComplex {
			p.errorNode(e, "real number required in complex literal")
		}
		e = p.newBinOp(p.span(start), e, op, imag)
	}
	return e
}

// parseNameOrAttr parses NAME ('.' NAME)* as a Name or Attribute chain.
func (p *parser) parseNameOrAttr() (ast.Expr, bool) {
	start := p.tok.Start
	var e ast.Expr = p.newName(p.tok.Range, p.name(p.tok), ast.Load)
	p.next()
	dotted := false
	for p.at(Dot) {
		p.next()
		if !p.at(Name) {
			p.errorHere("invalid syntax")
			return e, dotted
		}
		e = &ast.Attribute{Value: e, Attr: p.name(p.tok), Ctx: ast.Load}
		p.next()
		e.(*ast.Attribute).Range = p.span(start)
		dotted = true
	}
	return e, dotted
}

// parseNamePattern parses a capture, wildcard, value or class pattern.
func (p *parser) parseNamePattern() ast.Pattern {
	start := p.tok.Start
	nameTok := p.tok
	if p.atSoft("_") {
		// The wildcard wins, as in CPython's ordered choice: `_.x` and `_()` are errors.
		p.next()
		return &ast.MatchAs{Range: nameTok.Range}
	}
	e, dotted := p.parseNameOrAttr()
	if p.at(LPar) {
		return p.parseClassPattern(start, e)
	}
	if dotted {
		return &ast.MatchValue{Range: p.span(start), Value: e}
	}
	return &ast.MatchAs{Range: nameTok.Range, Name: p.name(nameTok)}
}

// parseClassPattern parses the argument patterns of `cls(...)`.
func (p *parser) parseClassPattern(start Offset, cls ast.Expr) ast.Pattern {
	p.next()
	c := &ast.MatchClass{Cls: cls}
	for !p.at(RPar) {
		if p.at(Name) && p.peek(1).Kind == Equal {
			c.KwdAttrs = append(c.KwdAttrs, p.name(p.tok))
			p.next()
			p.next()
			c.KwdPatterns = append(c.KwdPatterns, p.parsePattern())
		} else {
			pat := p.parsePattern()
			if len(c.KwdAttrs) > 0 {
				p.errorNode(pat, "positional patterns follow keyword patterns")
			}
			c.Patterns = append(c.Patterns, pat)
		}
		if !p.eat(Comma) {
			break
		}
	}
	p.expect(RPar, "expected ')'")
	c.Range = p.span(start)
	return c
}

// parseMappingPattern parses `{key: pattern, ..., **rest}`.
func (p *parser) parseMappingPattern() ast.Pattern {
	start := p.tok.Start
	p.next()
	m := &ast.MatchMapping{}
	for !p.at(RBrace) {
		if p.eat(DoubleStar) {
			if !p.at(Name) {
				p.errorHere("invalid syntax")
				break
			}
			m.Rest = p.name(p.tok)
			if m.Rest == "_" {
				p.errorHere("invalid syntax")
			}
			p.next()
			p.eat(Comma)
			if !p.at(RBrace) {
				p.errorHere("invalid syntax")
			}
			break
		}
		var key ast.Expr
		switch p.tok.Kind {
		case Number, Minus:
			key = p.parseSignedNumber()
		case String:
			key = p.parseStrings()
		case KwNone, KwTrue, KwFalse:
			key = p.parseAtom()
		case Name:
			var dotted bool
			key, dotted = p.parseNameOrAttr()
			if !dotted {
				p.errorNode(key, "invalid syntax")
			}
		default:
			p.errorHere("invalid syntax")
			return m
		}
		p.expect(Colon, "expected ':'")
		m.Keys = append(m.Keys, key)
		m.Patterns = append(m.Patterns, p.parsePattern())
		if !p.eat(Comma) {
			break
		}
	}
	p.expect(RBrace, "expected '}'")
	m.Range = p.span(start)
	return m
}
