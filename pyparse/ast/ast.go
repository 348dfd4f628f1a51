// Package ast declares the syntax tree of Python 3.12/3.13 as produced by pyparse.
//
// The node kinds, field names and field order mirror CPython's `ast` module, so rule authors can
// read CPython's documentation: ast.BinOp(left, op, right) is *BinOp{Left, Op, Right}. Two names
// differ because Go needs them for interfaces: the expression statement ast.Expr is *ExprStmt, and
// the abstract classes expr, stmt, pattern and type_param are the interfaces Expr, Stmt, Pattern and
// TypeParam. Operators and expression contexts are small enums, not nodes.
//
// Every node carries its half-open byte-offset Range into the source, including the nodes CPython
// gives no position (arguments, comprehension, withitem, match_case). Optional identifiers that
// CPython sets to None are the empty string here.
package ast

import (
	"fmt"
	"math/big"
)

//go:generate sh -c "cd ../.. && python3 pyparse/ast/internal/gen/gen_nodes.py"

// Offset is a UTF-8 byte offset from the start of a source file.
type Offset int32

// Range is the half-open byte range [Start, End) of a token, node, comment or error.
type Range struct {
	Start, End Offset
}

// Span returns r itself; embedding Range gives every node a Span method.
func (r Range) Span() Range { return r }

// Len returns the number of bytes in r.
func (r Range) Len() int { return int(r.End - r.Start) }

// Contains reports whether offset o lies in [r.Start, r.End).
func (r Range) Contains(o Offset) bool { return r.Start <= o && o < r.End }

// Encloses reports whether r contains all of s.
func (r Range) Encloses(s Range) bool { return r.Start <= s.Start && s.End <= r.End }

// String formats r as "[start,end)".
func (r Range) String() string { return fmt.Sprintf("[%d,%d)", r.Start, r.End) }

// Node is any syntax tree node.
type Node interface {
	Span() Range
}

// Expr is an expression node (CPython's abstract class ast.expr).
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node (CPython's abstract class ast.stmt).
type Stmt interface {
	Node
	stmtNode()
}

// Pattern is a match-statement pattern (CPython's abstract class ast.pattern).
type Pattern interface {
	Node
	patternNode()
}

// TypeParam is a PEP 695 type parameter (CPython's abstract class ast.type_param).
type TypeParam interface {
	Node
	typeParamNode()
}

// PyName returns the CPython class name of n's kind, e.g. "Expr" for *ExprStmt.
func PyName(n Node) string { return pyName(n) }

// TailName returns the name an expression ends in: a Name's identifier or an Attribute's
// attribute (`ImportError`, `np.ma` → "ma"), "" for any other expression.
func TailName(e Expr) string {
	switch e := e.(type) {
	case *Name:
		return e.ID
	case *Attribute:
		return e.Attr
	}
	return ""
}

// DottedName returns "a.b.c" for a Name or a chain of Attributes on one, "" for any other
// expression.
func DottedName(e Expr) string {
	switch e := e.(type) {
	case *Name:
		return e.ID
	case *Attribute:
		if base := DottedName(e.Value); base != "" {
			return base + "." + e.Attr
		}
	}
	return ""
}

// PositionalArgs returns the parameters a call may bind by position, in order: the
// positional-only ones, then the ordinary ones (a fresh slice; nil for nil).
func PositionalArgs(a *Arguments) []*Arg {
	if a == nil {
		return nil
	}
	return append(append([]*Arg(nil), a.Posonlyargs...), a.Args...)
}

// HasPosition reports whether CPython gives nodes of n's kind position attributes
// (lineno, col_offset, end_lineno, end_col_offset).
func HasPosition(n Node) bool { return hasPos(n) }

// ExprContext is CPython's expr_context: how a Name, Attribute, Subscript, Starred, List or Tuple
// is used.
type ExprContext uint8

// The expression contexts.
const (
	Load ExprContext = iota
	Store
	Del
)

var ctxNames = [...]string{"Load", "Store", "Del"}

// String returns the CPython class name of the context, e.g. "Load".
func (c ExprContext) String() string { return ctxNames[c] }

// BoolOperator is CPython's boolop.
type BoolOperator uint8

// The boolean operators.
const (
	And BoolOperator = iota
	Or
)

var boolNames = [...]string{"And", "Or"}

// String returns the CPython class name of the operator, e.g. "And".
func (o BoolOperator) String() string { return boolNames[o] }

// Operator is CPython's operator: the binary and augmented-assignment operators.
type Operator uint8

// The binary operators, in CPython's order.
const (
	Add Operator = iota
	Sub
	Mult
	MatMult
	Div
	Mod
	Pow
	LShift
	RShift
	BitOr
	BitXor
	BitAnd
	FloorDiv
)

var opNames = [...]string{"Add", "Sub", "Mult", "MatMult", "Div", "Mod", "Pow", "LShift", "RShift",
	"BitOr", "BitXor", "BitAnd", "FloorDiv"}

var opSymbols = [...]string{"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"}

// String returns the CPython class name of the operator, e.g. "Add".
func (o Operator) String() string { return opNames[o] }

// Symbol returns the operator's Python spelling, e.g. "+" for Add.
func (o Operator) Symbol() string { return opSymbols[o] }

// UnaryOperator is CPython's unaryop.
type UnaryOperator uint8

// The unary operators.
const (
	Invert UnaryOperator = iota
	Not
	UAdd
	USub
)

var unaryNames = [...]string{"Invert", "Not", "UAdd", "USub"}

// String returns the CPython class name of the operator, e.g. "USub".
func (o UnaryOperator) String() string { return unaryNames[o] }

// CmpOp is CPython's cmpop.
type CmpOp uint8

// The comparison operators.
const (
	Eq CmpOp = iota
	NotEq
	Lt
	LtE
	Gt
	GtE
	Is
	IsNot
	In
	NotIn
)

var cmpNames = [...]string{"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"}

// String returns the CPython class name of the operator, e.g. "Eq".
func (o CmpOp) String() string { return cmpNames[o] }

// ConstKind says which Python type a ConstValue holds.
type ConstKind uint8

// The constant kinds.
const (
	ConstNone ConstKind = iota
	ConstBool
	ConstInt
	ConstFloat
	ConstComplex
	ConstStr
	ConstBytes
	ConstEllipsis
)

// ConstValue is the value of a Constant or MatchSingleton.
//
// Int holds an int that fits in int64; larger ints are in Big (and Int is 0). A complex literal is
// always purely imaginary in Python source, so Float holds its imaginary part. Str holds the
// decoded text of a str, or the raw bytes of a bytes literal.
type ConstValue struct {
	Kind  ConstKind
	Bool  bool
	Int   int64
	Big   *big.Int
	Float float64
	Str   string
}
