package astjson

// This file defines the encoder and the helpers nodes_gen.go writes each field kind with.

import (
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// encoder appends JSON to buf; lines converts node offsets to CPython positions.
type encoder struct {
	buf     []byte
	lines   *pyparse.LineIndex
	allPos  bool // positions inside f-strings too (Options.FStringPositions)
	depth   int  // nesting of node calls
	tooDeep bool // a subtree deeper than MaxTreeDepth was cut
}

// MaxTreeDepth is the deepest node nesting the encoder writes. CPython's own AST construction
// gives up near 3,000 levels; a tree deeper than this (a 64 MiB file of `a+a+…`) makes the
// encoder fail with an error rather than overflow the goroutine stack.
const MaxTreeDepth = 100_000

// node appends n as a JSON object, or null when n is nil (an absent optional child, or a node
// the parser could not recover). inF is true inside a JoinedStr, where positions are left out.
func (e *encoder) node(n ast.Node, inF bool) {
	if n == nil {
		e.null()
		return
	}
	if e.depth >= MaxTreeDepth {
		e.tooDeep = true
		e.null()
		return
	}
	start := len(e.buf)
	e.depth++
	ok := e.fields(n, inF)
	e.depth--
	if !ok {
		e.buf = e.buf[:start]
		e.null()
		return
	}
	if (!inF || e.allPos) && ast.HasPosition(n) {
		r := n.Span()
		l, c := e.lines.LineCol(r.Start)
		el, ec := e.lines.LineCol(r.End)
		e.key("lineno")
		e.buf = appendInt(e.buf, int64(l))
		e.key("col_offset")
		e.buf = appendInt(e.buf, int64(c))
		e.key("end_lineno")
		e.buf = appendInt(e.buf, int64(el))
		e.key("end_col_offset")
		e.buf = appendInt(e.buf, int64(ec))
	}
	e.buf = append(e.buf, '}')
}

func (e *encoder) null() { e.buf = append(e.buf, "null"...) }

// open starts a node object: {"_type":"T".
func (e *encoder) open(typ string) {
	e.buf = append(e.buf, `{"_type":"`...)
	e.buf = append(e.buf, typ...)
	e.buf = append(e.buf, '"')
}

// key appends ,"name": (every key follows _type, so it always needs the comma).
func (e *encoder) key(name string) {
	e.buf = append(e.buf, ',', '"')
	e.buf = append(e.buf, name...)
	e.buf = append(e.buf, '"', ':')
}

// enum appends a field holding an operator or context node such as {"_type":"Add"}.
func (e *encoder) enum(name, typ string) {
	e.key(name)
	e.open(typ)
	e.buf = append(e.buf, '}')
}

func (e *encoder) child(name string, n ast.Node, inF bool) {
	e.key(name)
	e.node(n, inF)
}

func (e *encoder) ident(name, id string) {
	e.key(name)
	e.buf = appendString(e.buf, id)
}

// optIdent appends an `identifier?` field: the empty string is CPython's None.
func (e *encoder) optIdent(name, id string) {
	e.key(name)
	if id == "" {
		e.null()
		return
	}
	e.buf = appendString(e.buf, id)
}

func (e *encoder) int(name string, v int) {
	e.key(name)
	e.buf = appendInt(e.buf, int64(v))
}

func (e *encoder) idents(name string, ids []string) {
	e.key(name)
	e.buf = append(e.buf, '[')
	for i, id := range ids {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.buf = appendString(e.buf, id)
	}
	e.buf = append(e.buf, ']')
}

// list appends a field holding a list of nodes.
func list[T ast.Node](e *encoder, name string, xs []T, inF bool) {
	e.key(name)
	e.buf = append(e.buf, '[')
	for i, x := range xs {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.node(x, inF)
	}
	e.buf = append(e.buf, ']')
}

// typeParams appends type_params of a def or class only when there are some (3.11 has no field).
func typeParams(e *encoder, xs []ast.TypeParam, inF bool) {
	if len(xs) > 0 {
		list(e, "type_params", xs, inF)
	}
}

// defaultValue appends a 3.13 type parameter default only when there is one.
func (e *encoder) defaultValue(x ast.Expr, inF bool) {
	if x != nil {
		e.child("default_value", x, inF)
	}
}

// constant appends a field holding a constant (Constant.value, MatchSingleton.value).
func (e *encoder) constant(name string, v *ast.ConstValue) {
	e.key(name)
	e.buf = appendConst(e.buf, v)
}

// cmpops appends Compare.ops: a list of operator nodes such as {"_type":"Lt"}.
func (e *encoder) cmpops(name string, ops []ast.CmpOp) {
	e.key(name)
	e.buf = append(e.buf, '[')
	for i, op := range ops {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.open(op.String())
		e.buf = append(e.buf, '}')
	}
	e.buf = append(e.buf, ']')
}
