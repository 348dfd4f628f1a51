package pyparse

// This file defines CheckInvariants, the range checker the golden tests and the fuzzer run on every
// parse.

import (
	"errors"
	"fmt"
	"sort"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// maxInvariantErrors bounds the violations CheckInvariants reports for one file.
const maxInvariantErrors = 10

// maxCheckDepth bounds the checker's recursion: a deeper tree is reported, not walked, so that
// the check cannot overflow the goroutine stack (a 3M-deep BinOp chain is reported at this depth
// within Go's 1 GB default stack limit).
const maxCheckDepth = 1_000_000

// CheckInvariants verifies the structural promises of a parsed File and returns every violation
// found (up to ten, joined), or nil:
//
//   - tokens lie within the source, in ascending order, without overlapping;
//   - comments lie within the source, in order, and outside every token;
//   - errors lie within the source, sorted by start, at most one per start offset;
//   - every node's range lies within the source and within its parent's range;
//   - a node's children, ordered by start, do not overlap each other;
//   - no node starts or ends strictly inside a token.
//
// The exceptions are CPython's own position conventions, which pyparse reproduces:
//
//   - the decorators of a FunctionDef, AsyncFunctionDef or ClassDef precede its range, which
//     starts at `def`, `async` or `class`;
//   - inside a JoinedStr (an f-string, possibly implicitly concatenated with other strings), the
//     Constant parts are merged text whose range may start or end inside a string token;
//   - the text Constant of a self-documenting field (f"{x=}" holds Constant("x=") then
//     FormattedValue(x)) covers the field's own source, so inside a JoinedStr a Constant may
//     overlap its FormattedValue siblings.
//
// A nil child in a list (a Dict's `**` key, a missing kw_default) is allowed; a nil Module is not.
func CheckInvariants(f *File) (err error) {
	if f == nil || f.Module == nil {
		return errors.New("check invariants: no module")
	}
	c := checker{f: f, n: Offset(len(f.Src))}
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("check invariants: walking the tree panicked (a typed nil node?): %v", v)
		}
	}()
	c.tokens()
	c.comments()
	c.errors()
	c.node(f.Module, f.Module.Range, false)
	if len(c.errs) == 0 {
		return nil
	}
	if c.dropped > 0 {
		c.errs = append(c.errs, fmt.Errorf("check invariants: %d more violations", c.dropped))
	}
	return errors.Join(c.errs...)
}

type checker struct {
	f       *File
	n       Offset // source length
	errs    []error
	dropped int
	kids    []ast.Node // scratch for one node's children
	depth   int        // current nesting in node
}

func (c *checker) errorf(format string, args ...any) {
	if len(c.errs) >= maxInvariantErrors {
		c.dropped++
		return
	}
	c.errs = append(c.errs, fmt.Errorf("check invariants: "+format, args...))
}

// pos renders an offset as line:col (1-based line, 0-based byte column) for messages.
func (c *checker) pos(o Offset) string {
	if o < 0 || o > c.n {
		return fmt.Sprintf("offset %d", o)
	}
	l, col := c.f.Lines.LineCol(o)
	return fmt.Sprintf("%d:%d", l, col)
}

func (c *checker) desc(n ast.Node) string {
	r := n.Span()
	return fmt.Sprintf("%s %v at %s", ast.PyName(n), r, c.pos(r.Start))
}

func (c *checker) valid(r Range) bool { return 0 <= r.Start && r.Start <= r.End && r.End <= c.n }

func (c *checker) tokens() {
	prev := Offset(0)
	for i, t := range c.f.Tokens {
		if !c.valid(t.Range) {
			c.errorf("token %d (kind %d) has range %v outside the %d-byte source", i, t.Kind, t.Range, c.n)
			continue
		}
		if t.Start < prev {
			c.errorf("token %d (kind %d) %v at %s starts before the previous token ends (%d)", i, t.Kind, t.Range, c.pos(t.Start), prev)
		}
		prev = max(prev, t.End)
	}
}

func (c *checker) comments() {
	prev := Offset(0)
	for i, cm := range c.f.Comments {
		if !c.valid(cm.Range) {
			c.errorf("comment %d has range %v outside the %d-byte source", i, cm.Range, c.n)
			continue
		}
		if cm.Start < prev {
			c.errorf("comment %d %v at %s overlaps or precedes the previous comment", i, cm.Range, c.pos(cm.Start))
		}
		prev = cm.End
		if cm.Len() > 0 && c.f.Src[cm.Start] != '#' {
			c.errorf("comment %d %v at %s does not start with '#'", i, cm.Range, c.pos(cm.Start))
		}
		if t, ok := c.tokenOverlapping(cm.Range); ok {
			c.errorf("comment %d %v at %s overlaps token %v (kind %d)", i, cm.Range, c.pos(cm.Start), t.Range, t.Kind)
		}
	}
}

func (c *checker) errors() {
	for i, e := range c.f.Errors {
		if !c.valid(e.Range) {
			c.errorf("error %d %q has range %v outside the %d-byte source", i, e.Msg, e.Range, c.n)
			continue
		}
		if i > 0 && e.Start <= c.f.Errors[i-1].Start {
			c.errorf("error %d %q at %s is not after the previous error's start", i, e.Msg, c.pos(e.Start))
		}
	}
}

// tokenAt returns the token with t.Start < o < t.End, if any.
func (c *checker) tokenAt(o Offset) (Token, bool) {
	toks := c.f.Tokens
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= o }) // first token starting at or after o
	if i > 0 && toks[i-1].Start < o && o < toks[i-1].End {
		return toks[i-1], true
	}
	return Token{}, false
}

// tokenOverlapping returns a non-empty token sharing a byte with the non-empty range r, if any.
func (c *checker) tokenOverlapping(r Range) (Token, bool) {
	if r.Len() == 0 {
		return Token{}, false
	}
	toks := c.f.Tokens
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > r.Start })
	for ; i < len(toks) && toks[i].Start < r.End; i++ {
		if toks[i].Len() > 0 {
			return toks[i], true
		}
	}
	return Token{}, false
}

// node checks n, whose range must lie in bound, then its children. inStr is true inside a
// JoinedStr, where string parts may split tokens.
func (c *checker) node(n ast.Node, bound Range, inStr bool) {
	if c.depth >= maxCheckDepth {
		c.errorf("%s: tree nested deeper than %d levels", c.desc(n), maxCheckDepth)
		return
	}
	c.depth++
	defer func() { c.depth-- }()
	r := n.Span()
	if !c.valid(r) {
		c.errorf("%s: range outside the %d-byte source", c.desc(n), c.n)
		return
	}
	if !bound.Encloses(r) {
		c.errorf("%s: not within its parent's range %v", c.desc(n), bound)
	}
	if !inStr || !isConstant(n) {
		if t, ok := c.tokenAt(r.Start); ok {
			c.errorf("%s: starts inside token %v (kind %d)", c.desc(n), t.Range, t.Kind)
		}
		if t, ok := c.tokenAt(r.End); ok {
			c.errorf("%s: ends inside token %v (kind %d)", c.desc(n), t.Range, t.Kind)
		}
	}

	start := len(c.kids)
	var decorators []ast.Expr
	switch n := n.(type) {
	case *ast.FunctionDef:
		decorators = n.DecoratorList
	case *ast.AsyncFunctionDef:
		decorators = n.DecoratorList
	case *ast.ClassDef:
		decorators = n.DecoratorList
	}
	next := 0 // decorators come in order among the children: match them in one pass
	ast.ForEachChild(n, func(k ast.Node) {
		for next < len(decorators) && decorators[next] == nil {
			next++
		}
		if next < len(decorators) && k == ast.Node(decorators[next]) {
			next++
			return // checked below, against the start of the decorated statement
		}
		c.kids = append(c.kids, k)
	})
	kids := c.kids[start:]
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].Span().Start < kids[j].Span().Start })
	_, isStr := n.(*ast.JoinedStr)
	for i := 1; i < len(kids); i++ {
		if isStr && (isConstant(kids[i-1]) || isConstant(kids[i])) {
			continue
		}
		if a, b := kids[i-1].Span(), kids[i].Span(); b.Start < a.End {
			c.errorf("%s: children %s and %s overlap", c.desc(n), c.desc(kids[i-1]), c.desc(kids[i]))
		}
	}
	for _, k := range kids {
		c.node(k, r, inStr || isStr)
	}
	c.kids = c.kids[:start]

	prevEnd := Offset(0)
	for _, d := range decorators {
		if d == nil {
			continue
		}
		dr := d.Span()
		if dr.End > r.Start || dr.Start < prevEnd {
			c.errorf("%s: decorator %s is not before the definition or overlaps the previous one", c.desc(n), c.desc(d))
		}
		prevEnd = dr.End
		c.node(d, Range{Start: 0, End: r.Start}, false)
	}
}

func isConstant(n ast.Node) bool {
	_, ok := n.(*ast.Constant)
	return ok
}
