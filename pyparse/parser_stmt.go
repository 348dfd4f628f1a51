package pyparse

// This file defines statement parsing: the statement loop with its recovery, blocks, simple
// statements and the compound statements.

import (
	"fmt"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// parseStatements parses statements until a token of kind end (Dedent or EndMarker) and
// returns them. A statement with a syntax error is dropped, the error recorded, and parsing
// resumes at the next statement boundary.
func (p *parser) parseStatements(end TokenKind) []ast.Stmt {
	m := len(p.stmtScratch)
	recovered := false
	for !p.at(end) && !p.at(EndMarker) {
		pos := p.pos
		before := len(p.stmtScratch)
		switch p.tok.Kind {
		case Newline:
			p.next()
		case Dedent: // only when end is EndMarker: a stray dedent after recovery
			p.next()
		case Indent:
			if !recovered {
				p.errorAt(p.tok.Range, ErrKindIndentation, "unexpected indent")
				p.failed = false
				p.tok = p.toks[p.pos]
			}
			p.next()
			if p.enter() {
				inner := p.parseStatements(Dedent)
				p.stmtScratch = append(p.stmtScratch, inner...)
				p.eat(Dedent)
				p.leave()
			}
		default:
			p.parseStatement()
		}
		recovered = false
		if p.failed {
			clear(p.stmtScratch[before:])
			p.stmtScratch = p.stmtScratch[:before]
			p.recover()
			recovered = true
		}
		if p.pos == pos && !p.at(end) && !p.at(EndMarker) {
			p.next() // progress guard
		}
	}
	return p.stmts(m)
}

// parseStatement parses one compound statement or one line of simple statements and pushes
// the result on the statement scratch stack.
func (p *parser) parseStatement() {
	var s ast.Stmt
	switch p.tok.Kind {
	case KwIf:
		s = p.parseIf()
	case KwWhile:
		s = p.parseWhile()
	case KwFor:
		s = p.parseFor(p.tok.Start, false)
	case KwWith:
		s = p.parseWith(p.tok.Start, false)
	case KwTry:
		s = p.parseTry()
	case KwDef:
		s = p.parseFuncDef(p.tok.Start, nil)
	case KwClass:
		s = p.parseClassDef(nil)
	case At:
		s = p.parseDecorated()
	case KwAsync:
		start := p.tok.Start
		switch p.peek(1).Kind {
		case KwDef:
			s = p.parseFuncDef(start, nil)
		case KwFor:
			p.next()
			s = p.parseFor(start, true)
		case KwWith:
			p.next()
			s = p.parseWith(start, true)
		default:
			p.errorHere("invalid syntax")
			return
		}
	case Name:
		if p.atMatchStmt() {
			s = p.parseMatch()
			break
		}
		p.parseSimpleStmts()
		return
	default:
		p.parseSimpleStmts()
		return
	}
	p.stmtScratch = append(p.stmtScratch, s)
}

// parseSimpleStmts parses simple statements separated by ';' up to the end of the line.
func (p *parser) parseSimpleStmts() {
	for {
		s := p.parseSimpleStmt()
		p.stmtScratch = append(p.stmtScratch, s)
		if !p.eat(Semi) || p.at(Newline) {
			break
		}
	}
	if !p.eat(Newline) && !p.at(EndMarker) {
		p.legacyCallError()
		p.errorHere("invalid syntax")
	}
}

// legacyCallError reports Python 2's `print x` / `exec x` as CPython does.
func (p *parser) legacyCallError() {
	n := len(p.stmtScratch)
	if n == 0 || !startsExpr(p.tok.Kind) {
		return
	}
	s, ok := p.stmtScratch[n-1].(*ast.ExprStmt)
	if !ok {
		return
	}
	if name, ok := s.Value.(*ast.Name); ok && (name.ID == "print" || name.ID == "exec") {
		p.errorNode(name, "Missing parentheses in call to '"+name.ID+"'. Did you mean "+name.ID+"(...)?")
	}
}

// isStarHandler reports whether handler h was written `except*`.
func (p *parser) isStarHandler(h *ast.ExceptHandler) bool {
	i := h.Start + 6 // len("except")
	for int(i) < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\\' || p.src[i] == '\n' || p.src[i] == '\r' || p.src[i] == '\f') {
		i++
	}
	return int(i) < len(p.src) && p.src[i] == '*'
}

// checkAssignTarget reports the targets of `=` that cannot be assigned with CPython's wording:
// a lone invalid target gets the "Maybe you meant '=='" hint, a yield a message of its own.
func (p *parser) checkAssignTarget(t ast.Expr, alone bool) {
	switch t.(type) {
	case *ast.Name, *ast.Attribute, *ast.Subscript, *ast.Starred, *ast.Tuple, *ast.List:
		return
	case *ast.Yield, *ast.YieldFrom:
		p.errorNode(t, "assignment to yield expression not possible")
		return
	case *ast.GeneratorExp:
		return
	}
	if c, ok := t.(*ast.Constant); ok && (c.Value.Kind == ast.ConstBool || c.Value.Kind == ast.ConstNone) {
		return
	}
	if alone {
		p.errorf(t.Span(), "cannot assign to %s here. Maybe you meant '==' instead of '='?", exprKind(t))
	}
}

// parseSimpleStmt parses one simple statement.
func (p *parser) parseSimpleStmt() ast.Stmt {
	start := p.tok.Start
	switch p.tok.Kind {
	case KwPass:
		p.next()
		return &ast.Pass{Range: p.span(start)}
	case KwBreak:
		p.next()
		return &ast.Break{Range: p.span(start)}
	case KwContinue:
		p.next()
		return &ast.Continue{Range: p.span(start)}
	case KwReturn:
		p.next()
		var v ast.Expr
		if startsExpr(p.tok.Kind) {
			v = p.parseStarExprs()
		}
		r := alloc(&p.retSlab)
		r.Range, r.Value = p.span(start), v
		return r
	case KwImport:
		return p.parseImport()
	case KwFrom:
		return p.parseFromImport()
	case KwRaise:
		p.next()
		var exc, cause ast.Expr
		if startsExpr(p.tok.Kind) {
			exc = p.parseExpr()
			if p.eat(KwFrom) {
				cause = p.parseExpr()
			}
		}
		return &ast.Raise{Range: p.span(start), Exc: exc, Cause: cause}
	case KwGlobal, KwNonlocal:
		global := p.at(KwGlobal)
		p.next()
		var names []string
		for {
			if !p.at(Name) {
				p.errorHere("invalid syntax")
				break
			}
			names = append(names, p.name(p.tok))
			p.next()
			if !p.eat(Comma) {
				break
			}
		}
		if global {
			return &ast.Global{Range: p.span(start), Names: names}
		}
		return &ast.Nonlocal{Range: p.span(start), Names: names}
	case KwDel:
		p.next()
		m := len(p.exprScratch)
		for {
			if p.at(Star) {
				p.errorHere("cannot delete starred")
			}
			t := p.parseBitOr()
			p.setContext(t, ast.Del)
			p.exprScratch = append(p.exprScratch, t)
			if !p.eat(Comma) || !startsExpr(p.tok.Kind) {
				break
			}
		}
		return &ast.Delete{Range: p.span(start), Targets: p.exprs(m)}
	case KwAssert:
		p.next()
		test := p.parseExpr()
		var msg ast.Expr
		if p.eat(Comma) {
			msg = p.parseExpr()
		}
		return &ast.Assert{Range: p.span(start), Test: test, Msg: msg}
	case Name:
		if p.atSoft("type") && p.peek(1).Kind == Name {
			if k := p.peek(2).Kind; k == Equal || k == LSqb {
				return p.parseTypeAlias()
			}
		}
	}
	return p.parseExprStmt()
}

// augOps maps augmented-assignment tokens to their operators.
var augOps = [numTokenKinds]int8{
	PlusEqual: int8(ast.Add) + 1, MinEqual: int8(ast.Sub) + 1, StarEqual: int8(ast.Mult) + 1,
	AtEqual: int8(ast.MatMult) + 1, SlashEqual: int8(ast.Div) + 1, PercentEqual: int8(ast.Mod) + 1,
	DoubleStarEqual: int8(ast.Pow) + 1, LeftShiftEqual: int8(ast.LShift) + 1,
	RightShiftEqual: int8(ast.RShift) + 1, VBarEqual: int8(ast.BitOr) + 1,
	CircumflexEqual: int8(ast.BitXor) + 1, AmperEqual: int8(ast.BitAnd) + 1,
	DoubleSlashEqual: int8(ast.FloorDiv) + 1,
}

// parseRHS parses the right-hand side of an assignment: yield_expr | star_expressions.
func (p *parser) parseRHS() ast.Expr {
	if p.at(KwYield) {
		return p.parseYield()
	}
	return p.parseStarExprs()
}

// parseExprStmt parses an expression statement or an (annotated, augmented) assignment.
func (p *parser) parseExprStmt() ast.Stmt {
	start := p.tok.Start
	e := p.parseRHS()
	switch k := p.tok.Kind; {
	case k == Equal:
		m := len(p.exprScratch)
		p.exprScratch = append(p.exprScratch, e)
		for p.eat(Equal) {
			p.exprScratch = append(p.exprScratch, p.parseRHS())
		}
		all := p.exprs(m)
		targets := all[: len(all)-1 : len(all)-1]
		for _, t := range targets {
			p.checkAssignTarget(t, len(targets) == 1)
			p.setContext(t, ast.Store)
		}
		a := alloc(&p.assigns)
		a.Range, a.Targets, a.Value = p.span(start), targets, all[len(all)-1]
		return a
	case k == Colon:
		switch e.(type) {
		case *ast.Name, *ast.Attribute, *ast.Subscript:
			p.setContext(e, ast.Store)
		case *ast.Tuple:
			p.errorNode(e, "only single target (not tuple) can be annotated")
		case *ast.List:
			p.errorNode(e, "only single target (not list) can be annotated")
		default:
			p.errorNode(e, "illegal target for annotation")
		}
		p.next()
		ann := p.parseExpr()
		var v ast.Expr
		if p.eat(Equal) {
			v = p.parseRHS()
		}
		simple := 0
		if _, ok := e.(*ast.Name); ok && p.src[start] != '(' {
			simple = 1
		}
		return &ast.AnnAssign{Range: p.span(start), Target: e, Annotation: ann, Value: v, Simple: simple}
	case augOps[k] != 0:
		switch e.(type) {
		case *ast.Name, *ast.Attribute, *ast.Subscript:
			p.setContext(e, ast.Store)
		default:
			p.errorf(e.Span(), "'%s' is an illegal expression for augmented assignment", exprKind(e))
		}
		p.next()
		v := p.parseRHS()
		return &ast.AugAssign{Range: p.span(start), Target: e, Op: ast.Operator(augOps[k] - 1), Value: v}
	}
	s := alloc(&p.exprStmts)
	s.Range, s.Value = p.span(start), e
	return s
}

// parseDottedName parses NAME ('.' NAME)* and returns the joined name.
func (p *parser) parseDottedName() string {
	if !p.at(Name) {
		p.errorHere("invalid syntax")
		return ""
	}
	s := p.name(p.tok)
	p.next()
	for p.at(Dot) {
		p.next()
		if !p.at(Name) {
			p.errorHere("invalid syntax")
			return s
		}
		s += "." + p.name(p.tok)
		p.next()
	}
	return s
}

// parseAlias parses `dotted_name [as NAME]` (dotted only when dotted is true).
func (p *parser) parseAlias(dotted bool) *ast.Alias {
	start := p.tok.Start
	a := &ast.Alias{}
	if dotted {
		a.Name = p.parseDottedName()
	} else if p.at(Name) {
		a.Name = p.name(p.tok)
		p.next()
	} else {
		p.errorHere("invalid syntax")
	}
	if p.eat(KwAs) {
		if !p.at(Name) {
			p.errorHere("invalid syntax")
		} else {
			a.Asname = p.name(p.tok)
			p.next()
		}
	}
	a.Range = p.span(start)
	return a
}

// parseImport parses `import a.b as c, d`.
func (p *parser) parseImport() ast.Stmt {
	start := p.tok.Start
	p.next()
	var names []*ast.Alias
	for {
		names = append(names, p.parseAlias(true))
		if !p.eat(Comma) {
			break
		}
	}
	return &ast.Import{Range: p.span(start), Names: names}
}

// parseFromImport parses `from [.]*module import names`.
func (p *parser) parseFromImport() ast.Stmt {
	start := p.tok.Start
	p.next()
	level := 0
	for {
		if p.eat(Dot) {
			level++
		} else if p.eat(Ellipsis) {
			level += 3
		} else {
			break
		}
	}
	var module string
	if p.at(Name) || level == 0 {
		module = p.parseDottedName()
	}
	p.expect(KwImport, "invalid syntax")
	var names []*ast.Alias
	switch {
	case p.at(Star):
		names = append(names, &ast.Alias{Range: p.tok.Range, Name: "*"})
		p.next()
	case p.eat(LPar):
		for !p.at(RPar) {
			names = append(names, p.parseAlias(false))
			if !p.eat(Comma) {
				break
			}
		}
		if len(names) == 0 {
			p.errorHere("invalid syntax")
		}
		p.expect(RPar, "expected ')'")
	default:
		for {
			names = append(names, p.parseAlias(false))
			if !p.eat(Comma) {
				break
			}
			if !p.at(Name) {
				p.errorHere("trailing comma not allowed without surrounding parentheses")
			}
		}
	}
	return &ast.ImportFrom{Range: p.span(start), Module: module, Names: names, Level: level}
}

// lineOf returns the 1-based line of offset o (only used for error messages). The line index
// is built on first use, so files without such errors never pay for it.
func (p *parser) lineOf(o Offset) int {
	if p.lines == nil {
		p.lines = NewLineIndex(p.src)
	}
	return p.lines.Line(o)
}

// parseBlock parses the block after a compound statement header's ':'. what names the
// header for the error message ("'if' statement"), which started at start.
func (p *parser) parseBlock(what string, start Offset) []ast.Stmt {
	if !p.at(Newline) {
		m := len(p.stmtScratch)
		p.parseSimpleStmts()
		return p.stmts(m)
	}
	p.next()
	if !p.at(Indent) {
		r := p.tok.Range
		p.errorAt(r, ErrKindIndentation, fmt.Sprintf("expected an indented block after %s on line %d", what, p.lineOf(start)))
		return nil
	}
	p.next()
	var body []ast.Stmt
	if p.enter() {
		body = p.parseStatements(Dedent)
		if !p.eat(Dedent) && !p.at(EndMarker) {
			p.errorHere("invalid syntax")
		}
		p.leave()
	}
	return body
}

// parseIf parses an if/elif/else chain iteratively (long elif chains do not nest the stack).
func (p *parser) parseIf() ast.Stmt {
	type clause struct {
		start Offset
		test  ast.Expr
		body  []ast.Stmt
	}
	var buf [4]clause // most if statements have at most three elifs
	clauses := buf[:0]
	var orelse []ast.Stmt
	for {
		start := p.tok.Start
		what := "'if' statement"
		if p.at(KwElif) {
			what = "'elif' statement"
		}
		p.next()
		test := p.parseNamedExpr()
		p.expect(Colon, "expected ':'")
		body := p.parseBlock(what, start)
		clauses = append(clauses, clause{start, test, body})
		if p.at(KwElif) {
			continue
		}
		if p.at(KwElse) {
			estart := p.tok.Start
			p.next()
			p.expect(Colon, "expected ':'")
			orelse = p.parseBlock("'else' statement", estart)
		}
		break
	}
	end := p.lastEnd
	for i := len(clauses) - 1; i >= 0; i-- {
		c := clauses[i]
		s := alloc(&p.ifSlab)
		*s = ast.If{Range: Range{Start: c.start, End: max(end, c.start)}, Test: c.test, Body: c.body, Orelse: orelse}
		orelse = take(&p.stmtSlab, 1)
		orelse[0] = s
	}
	return orelse[0]
}

// parseElse parses an optional `else: block`.
func (p *parser) parseElse() []ast.Stmt {
	if !p.at(KwElse) {
		return nil
	}
	start := p.tok.Start
	p.next()
	p.expect(Colon, "expected ':'")
	return p.parseBlock("'else' statement", start)
}

// parseWhile parses a while loop.
func (p *parser) parseWhile() ast.Stmt {
	start := p.tok.Start
	p.next()
	test := p.parseNamedExpr()
	p.expect(Colon, "expected ':'")
	body := p.parseBlock("'while' statement", start)
	orelse := p.parseElse()
	return &ast.While{Range: p.span(start), Test: test, Body: body, Orelse: orelse}
}

// parseFor parses a for loop; the cursor is at `for` (after `async` when isAsync).
func (p *parser) parseFor(start Offset, isAsync bool) ast.Stmt {
	p.next()
	target := p.parseStarTargets()
	p.expect(KwIn, "expected 'in'")
	iter := p.parseStarExprs()
	p.expect(Colon, "expected ':'")
	body := p.parseBlock("'for' statement", start)
	orelse := p.parseElse()
	if isAsync {
		return &ast.AsyncFor{Range: p.span(start), Target: target, Iter: iter, Body: body, Orelse: orelse}
	}
	return &ast.For{Range: p.span(start), Target: target, Iter: iter, Body: body, Orelse: orelse}
}

// parseWithItem parses `expression [as star_target]`.
func (p *parser) parseWithItem() *ast.WithItem {
	start := p.tok.Start
	e := p.parseExpr()
	item := &ast.WithItem{ContextExpr: e}
	if p.eat(KwAs) {
		t := p.parseStarTarget()
		p.setContext(t, ast.Store)
		item.OptionalVars = t
	}
	item.Range = p.span(start)
	return item
}

// parseWith parses a with statement; the cursor is at `with`.
func (p *parser) parseWith(start Offset, isAsync bool) ast.Stmt {
	p.next()
	var items []*ast.WithItem
	parsed := false
	if p.at(LPar) && p.parenFollowedBy(Colon) {
		// Try the parenthesised form `with (a as b, c):`; fall back to an expression.
		m := p.mark()
		p.next()
		for !p.at(RPar) {
			items = append(items, p.parseWithItem())
			if !p.eat(Comma) {
				break
			}
		}
		if !p.failed && len(items) > 0 && p.eat(RPar) && p.at(Colon) {
			parsed = true
		} else {
			p.reset(m)
			items = nil
		}
	}
	if !parsed {
		for {
			items = append(items, p.parseWithItem())
			if !p.eat(Comma) {
				break
			}
		}
	}
	p.expect(Colon, "expected ':'")
	body := p.parseBlock("'with' statement", start)
	if isAsync {
		return &ast.AsyncWith{Range: p.span(start), Items: items, Body: body}
	}
	return &ast.With{Range: p.span(start), Items: items, Body: body}
}

// parenFollowedBy reports whether the '(' at the cursor is closed by a ')' that is followed by
// a token of kind k.
func (p *parser) parenFollowedBy(k TokenKind) bool {
	depth := 0
	for i := p.pos; i < len(p.toks); i++ {
		switch p.toks[i].Kind {
		case LPar, LSqb, LBrace:
			depth++
		case RPar, RSqb, RBrace:
			depth--
			if depth == 0 {
				return i+1 < len(p.toks) && p.toks[i+1].Kind == k
			}
		case Newline, EndMarker:
			return false
		}
	}
	return false
}

// parseTry parses try/except/else/finally, or try/except*.
func (p *parser) parseTry() ast.Stmt {
	start := p.tok.Start
	p.next()
	p.expect(Colon, "expected ':'")
	body := p.parseBlock("'try' statement", start)
	var handlers []*ast.ExceptHandler
	star, plain := false, false
	for p.at(KwExcept) {
		hstart := p.tok.Start
		p.next()
		h := &ast.ExceptHandler{}
		if p.eat(Star) {
			star = true
			if p.at(Colon) {
				p.errorHere("expected one or more exception types")
			}
		} else {
			plain = true
		}
		if !p.at(Colon) {
			h.Type = p.parseExpr()
			if p.at(Comma) {
				p.errorNode(h.Type, "multiple exception types must be parenthesized")
			}
			if p.eat(KwAs) {
				if !p.at(Name) {
					p.errorHere("invalid syntax")
				} else {
					h.Name = p.name(p.tok)
					p.next()
				}
			}
		}
		p.expect(Colon, "expected ':'")
		what := "'except' statement"
		if star {
			what = "'except*' statement"
		}
		h.Body = p.parseBlock(what, hstart)
		h.Range = p.span(hstart)
		handlers = append(handlers, h)
	}
	if star && plain {
		for _, h := range handlers[1:] {
			if p.isStarHandler(h) != p.isStarHandler(handlers[0]) {
				p.errorf(Range{Start: h.Start, End: h.Start + 6}, "cannot have both 'except' and 'except*' on the same 'try'")
				break
			}
		}
	}
	var orelse, final []ast.Stmt
	if len(handlers) > 0 {
		orelse = p.parseElse()
	}
	if p.at(KwFinally) {
		fstart := p.tok.Start
		p.next()
		p.expect(Colon, "expected ':'")
		final = p.parseBlock("'finally' statement", fstart)
	} else if len(handlers) == 0 {
		p.errorHere("expected 'except' or 'finally' block")
	}
	if star {
		return &ast.TryStar{Range: p.span(start), Body: body, Handlers: handlers, Orelse: orelse, Finalbody: final}
	}
	return &ast.Try{Range: p.span(start), Body: body, Handlers: handlers, Orelse: orelse, Finalbody: final}
}

// parseDecorated parses decorators followed by a function or class definition.
func (p *parser) parseDecorated() ast.Stmt {
	m := len(p.exprScratch)
	for p.at(At) {
		p.next()
		p.exprScratch = append(p.exprScratch, p.parseNamedExpr())
		if !p.eat(Newline) {
			p.errorHere("invalid syntax")
		}
	}
	decos := p.exprs(m)
	switch {
	case p.at(KwDef), p.at(KwAsync) && p.peek(1).Kind == KwDef:
		return p.parseFuncDef(p.tok.Start, decos)
	case p.at(KwClass):
		return p.parseClassDef(decos)
	}
	p.errorHere("invalid syntax")
	return nil
}

// parseFuncDef parses `[async] def name[type_params](params) [-> expr]: block`.
func (p *parser) parseFuncDef(start Offset, decos []ast.Expr) ast.Stmt {
	isAsync := p.eat(KwAsync)
	p.next() // def
	name := ""
	if p.at(Name) {
		name = p.name(p.tok)
		p.next()
	} else {
		p.errorHere("invalid syntax")
	}
	var tparams []ast.TypeParam
	if p.at(LSqb) {
		tparams = p.parseTypeParams()
	}
	p.expect(LPar, "expected '('")
	args := p.parseParams(RPar, false)
	p.expect(RPar, "expected ')'")
	var returns ast.Expr
	if p.eat(RArrow) {
		returns = p.parseExpr()
	}
	p.expect(Colon, "expected ':'")
	body := p.parseBlock("function definition", start)
	if decos == nil {
		decos = []ast.Expr{}
	}
	if isAsync {
		return &ast.AsyncFunctionDef{Range: p.span(start), Name: name, Args: args, Body: body,
			DecoratorList: decos, Returns: returns, TypeParams: tparams}
	}
	def := alloc(&p.defSlab)
	*def = ast.FunctionDef{Range: p.span(start), Name: name, Args: args, Body: body,
		DecoratorList: decos, Returns: returns, TypeParams: tparams}
	return def
}

// parseClassDef parses `class name[type_params][(bases)]: block`.
func (p *parser) parseClassDef(decos []ast.Expr) ast.Stmt {
	start := p.tok.Start
	p.next()
	c := &ast.ClassDef{DecoratorList: decos}
	if p.at(Name) {
		c.Name = p.name(p.tok)
		p.next()
	} else {
		p.errorHere("invalid syntax")
	}
	if p.at(LSqb) {
		c.TypeParams = p.parseTypeParams()
	}
	if p.at(LPar) {
		c.Bases, c.Keywords = p.parseArguments(false)
	}
	p.expect(Colon, "expected ':'")
	c.Body = p.parseBlock("class definition", start)
	c.Range = p.span(start)
	return c
}

// parseTypeAlias parses `type Name[type_params] = expression`.
func (p *parser) parseTypeAlias() ast.Stmt {
	start := p.tok.Start
	p.next()
	name := p.newName(p.tok.Range, p.name(p.tok), ast.Store)
	p.next()
	var tparams []ast.TypeParam
	if p.at(LSqb) {
		tparams = p.parseTypeParams()
	}
	p.expect(Equal, "invalid syntax")
	v := p.parseExpr()
	return &ast.TypeAlias{Range: p.span(start), Name: name, TypeParams: tparams, Value: v}
}

// parseTypeParams parses `[T: bound = default, *Ts, **P]`.
func (p *parser) parseTypeParams() []ast.TypeParam {
	p.next()
	var out []ast.TypeParam
	for !p.at(RSqb) {
		start := p.tok.Start
		kind := p.tok.Kind
		if kind == Star || kind == DoubleStar {
			p.next()
		}
		if !p.at(Name) {
			p.errorHere("invalid syntax")
			return out
		}
		name := p.name(p.tok)
		p.next()
		switch kind {
		case Star:
			if p.at(Colon) {
				p.errorHere("cannot use bound with TypeVarTuple")
			}
			tv := &ast.TypeVarTuple{Name: name}
			if p.eat(Equal) {
				tv.DefaultValue = p.parseStarExpr()
			}
			tv.Range = p.span(start)
			out = append(out, tv)
		case DoubleStar:
			if p.at(Colon) {
				p.errorHere("cannot use bound with ParamSpec")
			}
			ps := &ast.ParamSpec{Name: name}
			if p.eat(Equal) {
				ps.DefaultValue = p.parseExpr()
			}
			ps.Range = p.span(start)
			out = append(out, ps)
		default:
			tv := &ast.TypeVar{Name: name}
			if p.eat(Colon) {
				tv.Bound = p.parseExpr()
			}
			if p.eat(Equal) {
				tv.DefaultValue = p.parseExpr()
			}
			tv.Range = p.span(start)
			out = append(out, tv)
		}
		if !p.eat(Comma) {
			break
		}
	}
	if len(out) == 0 {
		p.errorHere("Type parameter list cannot be empty")
	}
	p.expect(RSqb, "expected ']'")
	return out
}
