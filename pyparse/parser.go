package pyparse

// This file defines the parser's state, its token cursor, error reporting with statement-level
// recovery, the nesting guard and the node/slice allocators.

import (
	"fmt"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// parser is a hand-written recursive-descent parser over the token stream of one file.
//
// Error handling: the first syntax error in a statement sets failed and makes the cursor look
// like an end of input, so every parse function unwinds quickly without consuming tokens. The
// statement loop (parseStatements) then restores the real cursor and resynchronises at the next
// statement boundary.
type parser struct {
	src  []byte
	toks []Token
	pos  int   // index of tok in toks
	tok  Token // current token (a fake EndMarker while failed)

	lastEnd Offset // end of the last consumed token other than Newline/Indent/Dedent
	failed  bool   // an error was recorded in the current statement
	errs    []Error

	depth   int  // current nesting of blocks, brackets and recursive expressions
	tooDeep bool // the ErrKindTooDeep error was recorded

	names map[string]string // interned identifiers

	exprScratch []ast.Expr
	stmtScratch []ast.Stmt
	exprSlab    []ast.Expr
	stmtSlab    []ast.Stmt

	nameSlab  []ast.Name
	constSlab []ast.Constant
	attrSlab  []ast.Attribute
	callSlab  []ast.Call
	binSlab   []ast.BinOp
	subSlab   []ast.Subscript
	exprStmts []ast.ExprStmt
	assigns   []ast.Assign
	keywords  []ast.Keyword
	argSlab   []ast.Arg
	tupleSlab []ast.Tuple
	cmpSlab   []ast.Compare
}

// parseModule parses the token stream of src into a module, recovering from syntax errors.
// toks must come from Lex(src); a missing final EndMarker is tolerated.
func parseModule(src []byte, toks []Token) (*ast.Module, []Error) {
	if len(toks) == 0 || toks[len(toks)-1].Kind != EndMarker {
		end := Offset(len(src))
		toks = append(toks[:len(toks):len(toks)], Token{Kind: EndMarker, Range: Range{Start: end, End: end}})
	}
	p := &parser{src: src, toks: toks, names: make(map[string]string, 256)}
	p.tok = toks[0]
	mod := &ast.Module{Range: Range{End: Offset(len(src))}}
	mod.Body = p.parseStatements(EndMarker)
	if mod.Body == nil {
		mod.Body = []ast.Stmt{}
	}
	mod.TypeIgnores = []*ast.TypeIgnore{}
	return mod, p.errs
}

// --- token cursor ---

// next advances to the next token. It does nothing while failed, and never moves past the
// final EndMarker.
func (p *parser) next() {
	if p.failed {
		return
	}
	if k := p.tok.Kind; k != Newline && k != Indent && k != Dedent {
		p.lastEnd = p.tok.End
	}
	if p.pos < len(p.toks)-1 {
		p.pos++
	}
	p.tok = p.toks[p.pos]
}

// peek returns the token n places after the current one (EndMarker past the end, or while failed).
func (p *parser) peek(n int) Token {
	if p.failed {
		return p.tok
	}
	i := p.pos + n
	if i >= len(p.toks) {
		i = len(p.toks) - 1
	}
	return p.toks[i]
}

// at reports whether the current token has kind k.
func (p *parser) at(k TokenKind) bool { return p.tok.Kind == k }

// eat consumes the current token if it has kind k.
func (p *parser) eat(k TokenKind) bool {
	if p.tok.Kind == k {
		p.next()
		return true
	}
	return false
}

// expect consumes a token of kind k or records msg as an error at the current token.
func (p *parser) expect(k TokenKind, msg string) Range {
	r := p.tok.Range
	if p.tok.Kind == k {
		p.next()
		return r
	}
	p.errorHere(msg)
	return Range{Start: r.Start, End: r.Start}
}

// atSoft reports whether the current token is the soft keyword kw (a Name token).
func (p *parser) atSoft(kw string) bool {
	return p.tok.Kind == Name && string(p.src[p.tok.Start:p.tok.End]) == kw
}

// text returns the source text of r.
func (p *parser) text(r Range) []byte { return p.src[r.Start:r.End] }

// span returns the range from start to the end of the last consumed token.
func (p *parser) span(start Offset) Range {
	end := p.lastEnd
	if end < start {
		end = start
	}
	return Range{Start: start, End: end}
}

// name returns the identifier of a Name token, interned and NFKC-normalised.
func (p *parser) name(t Token) string {
	b := p.src[t.Start:t.End]
	if s, ok := p.names[string(b)]; ok {
		return s
	}
	var s string
	ascii := true
	for _, c := range b {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		s = string(b)
	} else {
		s = NormalizeName(b)
	}
	p.names[string(b)] = s
	return s
}

// --- errors and recovery ---

// errorAt records a syntax error at r and enters the failed state. Only the first error of a
// statement is kept; an error at a token the lexer already reported is not repeated.
func (p *parser) errorAt(r Range, kind ErrorKind, msg string) {
	if p.failed {
		return
	}
	if t := p.tok; t.Kind == Unknown || t.Flags&FlagError != 0 {
		msg = "" // the lexer has reported this token
	}
	if msg != "" {
		p.errs = append(p.errs, Error{Range: r, Kind: kind, Msg: msg})
	}
	p.failed = true
	p.tok = Token{Kind: EndMarker, Range: Range{Start: p.tok.Start, End: p.tok.Start}}
}

// errorHere records msg at the current token.
func (p *parser) errorHere(msg string) {
	r := p.tok.Range
	if p.tok.Kind == Newline || p.tok.Kind == Dedent || p.tok.Kind == EndMarker {
		// CPython reports these at the end of the previous token.
		r = Range{Start: p.lastEnd, End: p.lastEnd}
		if p.tok.Kind == Newline && p.tok.End > p.tok.Start {
			r = p.tok.Range
		}
	}
	p.errorAt(r, ErrKindSyntax, msg)
}

// errorNode records msg at node n's range.
func (p *parser) errorNode(n ast.Node, msg string) { p.errorAt(n.Span(), ErrKindSyntax, msg) }

// errorf records a formatted message at r.
func (p *parser) errorf(r Range, format string, args ...any) {
	p.errorAt(r, ErrKindSyntax, fmt.Sprintf(format, args...))
}

// recover leaves the failed state and skips to the next statement boundary: past the next
// Newline at this block level, or up to a Dedent or EndMarker. It returns true if an indented
// block follows the skipped line (its statements belong to the broken header).
func (p *parser) recover() {
	p.failed = false
	p.tok = p.toks[p.pos]
	for {
		switch p.tok.Kind {
		case EndMarker, Dedent:
			return
		case Newline:
			p.next()
			return
		}
		p.next()
	}
}

// mark is a saved cursor for the few bounded speculative parses (with-items).
type mark struct {
	pos     int
	lastEnd Offset
	nerrs   int
	depth   int
}

func (p *parser) mark() mark {
	return mark{pos: p.pos, lastEnd: p.lastEnd, nerrs: len(p.errs), depth: p.depth}
}

func (p *parser) reset(m mark) {
	p.pos, p.lastEnd, p.depth = m.pos, m.lastEnd, m.depth
	p.errs = p.errs[:m.nerrs]
	p.failed = false
	p.tok = p.toks[p.pos]
}

// enter increments the nesting depth; past MaxDepth it records ErrKindTooDeep once and fails.
// Every successful or failed enter must be paired with leave.
func (p *parser) enter() bool {
	p.depth++
	if p.depth <= MaxDepth {
		return true
	}
	if !p.tooDeep && !p.failed {
		p.tooDeep = true
		p.errs = append(p.errs, Error{Range: p.tok.Range, Kind: ErrKindTooDeep, Msg: "too many nested parentheses or blocks"})
	}
	if !p.failed {
		p.failed = true
		p.tok = Token{Kind: EndMarker, Range: Range{Start: p.tok.Start, End: p.tok.Start}}
	}
	return false
}

func (p *parser) leave() { p.depth-- }

// --- allocation ---

// The slabs hand out nodes from chunks to keep the allocation count per file low.
const slabChunk = 64

func alloc[T any](s *[]T) *T {
	if len(*s) == 0 {
		*s = make([]T, slabChunk)
	}
	n := &(*s)[0]
	*s = (*s)[1:]
	return n
}

// exprs returns the expressions pushed on the scratch stack since m as an exactly sized slice
// (nil when empty) and pops them.
func (p *parser) exprs(m int) []ast.Expr {
	n := len(p.exprScratch) - m
	if n == 0 {
		return nil
	}
	if len(p.exprSlab) < n {
		p.exprSlab = make([]ast.Expr, max(n, 256))
	}
	out := p.exprSlab[:n:n]
	p.exprSlab = p.exprSlab[n:]
	copy(out, p.exprScratch[m:])
	clear(p.exprScratch[m:])
	p.exprScratch = p.exprScratch[:m]
	return out
}

// stmts is exprs for statements.
func (p *parser) stmts(m int) []ast.Stmt {
	n := len(p.stmtScratch) - m
	if n == 0 {
		return nil
	}
	if len(p.stmtSlab) < n {
		p.stmtSlab = make([]ast.Stmt, max(n, 128))
	}
	out := p.stmtSlab[:n:n]
	p.stmtSlab = p.stmtSlab[n:]
	copy(out, p.stmtScratch[m:])
	clear(p.stmtScratch[m:])
	p.stmtScratch = p.stmtScratch[:m]
	return out
}

// nonNil returns es, or an empty non-nil slice: CPython's lists are never None.
func nonNil(es []ast.Expr) []ast.Expr {
	if es == nil {
		return []ast.Expr{}
	}
	return es
}

func (p *parser) newName(r Range, id string, ctx ast.ExprContext) *ast.Name {
	n := alloc(&p.nameSlab)
	n.Range, n.ID, n.Ctx = r, id, ctx
	return n
}

// missing returns a placeholder expression with an empty range for a failed parse.
func (p *parser) missing() ast.Expr {
	return p.newName(Range{Start: p.tok.Start, End: p.tok.Start}, "", ast.Load)
}
