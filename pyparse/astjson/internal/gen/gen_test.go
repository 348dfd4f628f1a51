package gen

import (
	"strings"
	"testing"
)

// tree is a small stand-in for pyparse/ast/nodes_gen.go: one statement, one expression with an
// enum, an optional identifier and a 3.12 field, and a helper node.
const tree = `package ast

// Module is CPython's ast.Module: Module(stmt* body, type_ignore* type_ignores).
type Module struct {
	Range
	Body        []Stmt        // body
	TypeIgnores []*TypeIgnore // type_ignores
}

// ClassDef is CPython's ast.ClassDef: ClassDef(identifier name, stmt* body, type_param* type_params).
type ClassDef struct {
	Range
	Name       string      // name
	Body       []Stmt      // body
	TypeParams []TypeParam // type_params
}

// Attribute is CPython's ast.Attribute: Attribute(expr value, identifier attr, expr_context ctx).
type Attribute struct {
	Range
	Value Expr        // value
	Attr  string      // attr
	Ctx   ExprContext // ctx
}

// keyword is CPython's ast.keyword: keyword(identifier? arg, expr value).
type Keyword struct {
	Range
	Arg   string // arg
	Value Expr   // value
}

func (*ClassDef) stmtNode() {}

func (*Attribute) exprNode() {}
`

func TestEncoderFromSchema(t *testing.T) {
	nodes, err := Schema([]byte(tree))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Encoder(nodes)
	if err != nil {
		t.Fatal(err)
	}
	src := string(out)
	for _, want := range []string{
		"func (e *encoder) fields(n ast.Node, inF bool) bool {",
		"case *ast.Module:",
		"\t\tlist(e, \"body\", n.Body, inF)\n\t\ttypeParams(e, n.TypeParams, inF)\n",
		"case *ast.Attribute:\n\t\tif n == nil {\n\t\t\treturn false\n\t\t}\n\t\te.open(typ)\n" +
			"\t\te.child(\"value\", n.Value, inF)\n\t\te.ident(\"attr\", n.Attr)\n\t\te.enum(\"ctx\", n.Ctx.String())\n",
		"e.optIdent(\"arg\", n.Arg)",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("generated encoder lacks %q:\n%s", want, src)
		}
	}
	// each node lands in its group: Module and ClassDef in fields, Attribute in exprFields,
	// keyword in otherFields
	at := func(s string) int { return strings.Index(src, s) }
	if !(at("case *ast.ClassDef:") < at("func (e *encoder) exprFields") &&
		at("func (e *encoder) exprFields") < at("case *ast.Attribute:") &&
		at("func (e *encoder) otherFields") < at("case *ast.Keyword:")) {
		t.Errorf("nodes in the wrong groups:\n%s", src)
	}
}

func TestSchemaErrors(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"no signature", "package ast\n\n// Pass is a statement.\ntype Pass struct {\n\tRange\n}\n", "no CPython signature"},
		{"field not in signature", "package ast\n\n// Return is CPython's ast.Return: Return(expr? value).\ntype Return struct {\n\tRange\n\tX Expr // x\n}\n", "not in the signature"},
		{"field without name", "package ast\n\n// Return is CPython's ast.Return: Return(expr? value).\ntype Return struct {\n\tRange\n\tValue Expr\n}\n", "no CPython name comment"},
		{"not Go", "package ast\n\ntype (", "parse ast nodes"},
		{"no nodes", "package ast\n", "no node types"},
	} {
		_, err := Schema([]byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}
