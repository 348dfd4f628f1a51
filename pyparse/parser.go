package pyparse

// This file defines the parser's state, its token cursor, error reporting with statement-level
// recovery, the nesting guard and the node/slice allocators.

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// parser is a hand-written recursive-descent parser over the token stream of one file.
//
// Error handling: the first syntax error in a statement sets failed and makes the cursor look
// like an end of input, so every parse function unwinds quickly without consuming tokens. The
// statement loop (parseStatements) then restores the real cursor, drops the broken statement
// (so no placeholder node ever reaches the tree) and resynchronises at the next statement
// boundary. Errors in literals (bad escapes, mixed bytes and str) are recorded without failing.
//
// Ranges: a node spans from the first to the last token its CPython grammar rule consumed, so
// parse functions capture the start offset before parsing and close with span(start), which
// ends at the last consumed token (never a Newline, Indent or Dedent).
//
// Speed: no backtracking except the bounded retry of a parenthesised with-item list; nodes and
// expression slices come from slabs sized by a token histogram. On the 3.6M-line Python 3.11
// corpus this parses ≈3.4M lines/s on pre-lexed tokens (BenchmarkParseModule), ≈2.5M lines/s
// for all of Parse, against ≈167k lines/s for CPython's ast.parse (CPU time, same machine).
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

	specDepth int // format specs open in the current f-string

	lines    *LineIndex // built lazily for line numbers in error messages
	lineEnd  int        // index of the Newline/EndMarker ending the logical line at lineFrom
	lineFrom int        // token index lineEnd was computed from (-1: none)

	// Reused across files (the parser is pooled).
	names       *[nameCacheSize]nameSlot // direct-mapped cache of interned ASCII identifiers
	exprScratch []ast.Expr
	kwScratch   []*ast.Keyword // keywords of the calls being parsed (parseArguments)
	argScratch  []*ast.Arg     // positional parameters of the definitions being parsed (parseParams)
	stmtScratch []ast.Stmt
	strBuf      []byte // pending text of implicitly concatenated strings

	// Per-file slabs, sized from the token histogram (see sizeSlabs).
	exprSlab  slab[ast.Expr]
	stmtSlab  slab[ast.Stmt]
	nameSlab  slab[ast.Name]
	constSlab slab[ast.Constant]
	attrSlab  slab[ast.Attribute]
	callSlab  slab[ast.Call]
	binSlab   slab[ast.BinOp]
	subSlab   slab[ast.Subscript]
	exprStmts slab[ast.ExprStmt]
	assigns   slab[ast.Assign]
	keywords  slab[ast.Keyword]
	argSlab   slab[ast.Arg]
	tupleSlab slab[ast.Tuple]
	cmpSlab   slab[ast.Compare]
	ifSlab    slab[ast.If]
	defSlab   slab[ast.FunctionDef]
	argsSlab  slab[ast.Arguments]
	listSlab  slab[ast.List]
	retSlab   slab[ast.Return]
	kwLists   slab[*ast.Keyword] // backing of Call.Keywords and ClassDef.Keywords
	argLists  slab[*ast.Arg]     // backing of Arguments.Args and Posonlyargs
}

// nameCacheSize is the number of slots of the identifier cache.
const (
	nameCacheBits = 10
	nameCacheSize = 1 << nameCacheBits
)

// nameSlot is one entry of the identifier cache: an interned identifier and its nameKey words.
type nameSlot struct {
	w0, w1 uint64
	s      string
}

// nameKey packs b into two words, w0 and w1, that together with len(b) determine b exactly when
// it has at most 16 bytes, so a cached identifier is recognised without reading its bytes; it
// also returns a hash of b and the OR of words that between them hold every byte of b (so its
// 0x80 bits tell whether b is ASCII).
func nameKey(b []byte) (w0, w1, h, or uint64) {
	const mul = 0x9E3779B97F4A7C15
	n := len(b)
	switch {
	case n > 16:
		for i := 0; i+8 <= n; i += 8 {
			w := binary.LittleEndian.Uint64(b[i:])
			or |= w
			h = (h ^ w) * mul
		}
		w := binary.LittleEndian.Uint64(b[n-8:]) // overlaps the last full word unless n%8 == 0
		return 0, 0, ((h^w)*mul ^ uint64(n)) * mul, or | w
	case n >= 8:
		w0, w1 = binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
	case n >= 4:
		w0 = uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32
	case n > 0:
		w0 = uint64(b[0]) | uint64(b[n/2])<<8 | uint64(b[n-1])<<16
	}
	return w0, w1, ((w0*mul^w1)*mul ^ uint64(n)) * mul, w0 | w1
}

var parserPool = sync.Pool{New: func() any { return &parser{names: new([nameCacheSize]nameSlot)} }}

// parseModule parses the token stream of src into a module, recovering from syntax errors.
// toks must come from Lex(src); a missing final EndMarker is tolerated.
func parseModule(src []byte, toks []Token) (*ast.Module, []Error) {
	return parseTokens(src, toks, true)
}

// parseTokens is parseModule for a caller that knows whether Lex reported errors. When it did
// not (lexErrs false), every closing bracket had an opener to pop, so the pairing never
// clamps and a bracket is left unclosed exactly when openers outnumber closers: the histogram
// skips the pairing, which was two thirds of its instructions (TestCleanLexUnclosedByCount).
func parseTokens(src []byte, toks []Token, lexErrs bool) (*ast.Module, []Error) {
	if len(toks) == 0 || toks[len(toks)-1].Kind != EndMarker {
		end := Offset(len(src))
		toks = append(toks[:len(toks):len(toks)], Token{Kind: EndMarker, Range: Range{Start: end, End: end}})
	}
	var broken []brokenSpan
	var h [numTokenKinds]int32
	unclosed := false
	if lexErrs {
		h, unclosed = tokenHistogram(toks)
	} else {
		h = kindHistogram(toks)
		unclosed = openMinusClosed(&h) != 0
	}
	if unclosed {
		if open := unclosedOpeners(toks); open != nil {
			if recovered, spans, ok := recoverUnclosed(src, toks, open); ok {
				toks, broken = recovered, spans
				h, _ = tokenHistogram(toks)
			}
		}
	}
	p := parserPool.Get().(*parser)
	names, es, ss, sb, ks, as := p.names, p.exprScratch[:0], p.stmtScratch[:0], p.strBuf[:0], p.kwScratch[:0], p.argScratch[:0]
	*p = parser{src: src, toks: toks, names: names, exprScratch: es, stmtScratch: ss, strBuf: sb, kwScratch: ks, argScratch: as}
	p.sizeSlabs(&h)
	p.lineFrom = -1
	p.tok = toks[0]
	mod := &ast.Module{Range: Range{End: Offset(len(src))}}
	mod.Body = p.parseStatements(EndMarker)
	errs := dropErrorsInSpans(p.errs, broken)
	names, es, ss, sb, ks, as = p.names, p.exprScratch[:0], p.stmtScratch[:0], p.strBuf[:0], p.kwScratch[:0], p.argScratch[:0]
	*p = parser{names: names, exprScratch: es, stmtScratch: ss, strBuf: sb, kwScratch: ks, argScratch: as}
	parserPool.Put(p)
	return mod, errs
}

// kindHistogram counts the tokens of each kind.
func kindHistogram(toks []Token) (h [numTokenKinds]int32) {
	for _, t := range toks {
		h[t.Kind]++
	}
	return h
}

// openMinusClosed returns the number of opening brackets in h less that of closing ones.
func openMinusClosed(h *[numTokenKinds]int32) int32 {
	return h[LPar] + h[LSqb] + h[LBrace] - h[RPar] - h[RSqb] - h[RBrace]
}

// bracketDelta is +1 for an opening bracket kind, -1 for a closing one.
var bracketDelta = [numTokenKinds]int8{LPar: 1, LSqb: 1, LBrace: 1, RPar: -1, RSqb: -1, RBrace: -1}

// tokenHistogram counts the tokens of each kind, and reports whether some bracket is never
// closed, pairing brackets as the lexer and unclosedOpeners do (a closer pops the innermost
// opener, if any): one pass serves both sizeSlabs and the test for unclosedOpeners' full pass.
func tokenHistogram(toks []Token) (h [numTokenKinds]int32, unclosed bool) {
	open := 0
	for _, t := range toks {
		h[t.Kind]++
		open = max(open+int(bracketDelta[t.Kind]), 0)
	}
	return h, open > 0
}

// sizeSlabs sizes each node slab from the token histogram h (see tokenHistogram): upper bounds
// on the node count where they are tight (a Name node needs a Name token that is no attribute,
// def or class name; an Attribute a '.'), estimates where the bound is loose: a fraction of the
// bound near what the 52 MB array corpus uses (ExprStmt nodes are 17% of the statements,
// tuples a third of h[Comma]/2, …). A slab that runs out refills with a chunk of the same size,
// capped at maxChunk, so an estimate wastes at most one chunk where a loose bound wasted its
// slack in every file: 104 MB of the 788 MB the corpus allocated were slab slots never used.
func (p *parser) sizeSlabs(h *[numTokenKinds]int32) {
	consts := h[Number] + h[String] + h[FStringStart] + h[KwNone] + h[KwTrue] + h[KwFalse] + h[Ellipsis] +
		2*h[FStringMiddle]
	bins := h[VBar] + h[CircumFlex] + h[Amper] + h[LeftShift] + h[RightShift] + h[Plus] + h[Minus] +
		h[Star] + h[Slash] + h[DoubleSlash] + h[Percent] + h[At] + h[DoubleStar]
	cmps := h[EqEqual] + h[NotEqual] + h[Less] + h[Greater] + h[LessEqual] + h[GreaterEqual] + h[KwIn] + h[KwIs]
	p.exprSlab.size = h[Comma] + h[LPar] + h[Equal] + h[Newline]
	p.stmtSlab.size = h[Newline] + h[Semi] + 1
	// Attribute names, def and class names take a Name token each but make no Name node.
	p.nameSlab.size = h[Name] - h[Dot] - h[KwDef] - h[KwClass]
	p.constSlab.size = consts
	p.attrSlab.size = h[Dot]
	p.callSlab.size = h[LPar]
	p.binSlab.size = bins / 2
	p.subSlab.size = h[LSqb] / 2
	p.exprStmts.size = (h[Newline] + h[Semi]) / 4
	p.assigns.size = h[Equal] * 2 / 3
	p.keywords.size = (h[Equal] + h[DoubleStar]) / 2
	p.argSlab.size = 2 * (h[KwDef] + h[KwLambda])
	p.tupleSlab.size = h[Comma] / 6
	p.kwLists.size = p.keywords.size
	p.ifSlab.size = h[KwIf] + h[KwElif]
	p.defSlab.size = h[KwDef]
	p.argsSlab.size = h[KwDef] + h[KwLambda]
	p.listSlab.size = h[LSqb] / 2
	p.retSlab.size = h[KwReturn]
	p.argLists.size = p.argSlab.size
	p.cmpSlab.size = cmps
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
	// While not failed p.tok is p.toks[p.pos], so at the final EndMarker nothing changes.
	if i := p.pos + 1; i < len(p.toks) {
		p.pos = i
		p.tok = p.toks[i]
	}
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

// name returns the identifier of a Name token: NFKC-normalised, and interned through a small
// direct-mapped cache when ASCII (most identifiers repeat within a file).
func (p *parser) name(t Token) string {
	b := p.src[t.Start:t.End]
	w0, w1, h, or := nameKey(b)
	if or&0x8080808080808080 != 0 {
		return NormalizeName(b)
	}
	slot := &p.names[h>>(64-nameCacheBits)]
	if len(slot.s) == len(b) && (len(b) <= 16 && slot.w0 == w0 && slot.w1 == w1 || len(b) > 16 && slot.s == string(b)) {
		return slot.s
	}
	s := string(b)
	*slot = nameSlot{w0: w0, w1: w1, s: s}
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

// literalError records an error in a literal (a bad escape or number, mixed bytes and str)
// without failing the statement: the literal still has a value and the tree stays well formed.
func (p *parser) literalError(r Range, kind ErrorKind, msg string) {
	if !p.failed {
		p.errs = append(p.errs, Error{Range: r, Kind: kind, Msg: msg})
	}
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
// Newline at this block level, or up to a Dedent or EndMarker. An indented block after the
// skipped line (the body of a broken header) is then parsed by parseStatements as an orphan
// block whose statements join the current body.
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

// enter increments the nesting depth; past MaxDepth it leaves the depth as it was, records
// ErrKindTooDeep once and fails. Every successful enter must be paired with leave.
func (p *parser) enter() bool {
	if p.depth < MaxDepth {
		p.depth++
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

// MaxChain bounds the operands of one left-associative chain (a+b+…, a.b.c…, f()()…), each of
// which adds a level to the tree. CPython 3.11 fails near 3,000 levels ("maximum recursion depth
// exceeded during ast construction"); without a bound, a 20 MB `a+a+…` file builds a tree ten
// million levels deep that no recursive walk survives.
const MaxChain = 3000

// chainLink counts one more link of a chain that has n links so far; past MaxChain it records
// ErrKindTooDeep once and fails the statement, as enter does.
func (p *parser) chainLink(n int) bool {
	if n < MaxChain {
		return true
	}
	if !p.tooDeep && !p.failed {
		p.tooDeep = true
		p.errs = append(p.errs, Error{Range: p.tok.Range, Kind: ErrKindTooDeep,
			Msg: fmt.Sprintf("expression chain too long (more than %d operands)", MaxChain)})
	}
	if !p.failed {
		p.failed = true
		p.tok = Token{Kind: EndMarker, Range: Range{Start: p.tok.Start, End: p.tok.Start}}
	}
	return false
}

// --- allocation ---

// slab hands out values of T from chunks, to keep the allocation count per file low.
type slab[T any] struct {
	buf  []T
	size int32 // size of the next chunk (an upper bound on what the file needs)
}

// maxChunk caps a slab chunk (in elements).
const maxChunk = 4096

// grow makes room for at least n more values.
func (s *slab[T]) grow(n int) {
	c := int(min(max(s.size, 4), maxChunk))
	s.buf = make([]T, max(c, n))
}

func alloc[T any](s *slab[T]) *T {
	if len(s.buf) == 0 {
		s.grow(1)
	}
	n := &s.buf[0]
	s.buf = s.buf[1:]
	return n
}

// take returns an exactly sized slice of n values (cap n, so appends never clobber a neighbour).
func take[T any](s *slab[T], n int) []T {
	if len(s.buf) < n {
		s.grow(n)
	}
	out := s.buf[:n:n]
	s.buf = s.buf[n:]
	return out
}

// popScratch returns the values pushed on *scratch since m as an exactly sized slice taken from
// s (nil when none) and pops them: one slab slice where a list grown by append allocated and
// copied once per doubling.
func popScratch[T any](scratch *[]T, m int, s *slab[T]) []T {
	n := len(*scratch) - m
	if n == 0 {
		return nil
	}
	out := take(s, n)
	copy(out, (*scratch)[m:])
	clear((*scratch)[m:])
	*scratch = (*scratch)[:m]
	return out
}

// exprs returns the expressions pushed on the scratch stack since m as an exactly sized slice
// (nil when empty) and pops them.
func (p *parser) exprs(m int) []ast.Expr {
	n := len(p.exprScratch) - m
	if n == 0 {
		return nil
	}
	out := take(&p.exprSlab, n)
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
	out := take(&p.stmtSlab, n)
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
