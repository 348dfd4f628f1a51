package astjson

// This file defines the per-node-kind encoding: fields in CPython's `_fields` order.

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

// fields appends `{"_type":…` and the fields of n, without positions or the closing brace. It
// returns false, having appended nothing, for a typed nil pointer or an unknown node kind.
func (e *encoder) fields(n ast.Node, inF bool) bool {
	typ := ast.PyName(n)
	if typ == "" {
		return false
	}
	switch n := n.(type) {
	case *ast.Module:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "body", n.Body, inF)
		list(e, "type_ignores", n.TypeIgnores, inF)
	case *ast.FunctionDef:
		if n == nil {
			return false
		}
		e.open(typ)
		e.ident("name", n.Name)
		e.child("args", n.Args, inF)
		list(e, "body", n.Body, inF)
		list(e, "decorator_list", n.DecoratorList, inF)
		e.child("returns", n.Returns, inF)
		typeParams(e, n.TypeParams, inF)
	case *ast.AsyncFunctionDef:
		if n == nil {
			return false
		}
		e.open(typ)
		e.ident("name", n.Name)
		e.child("args", n.Args, inF)
		list(e, "body", n.Body, inF)
		list(e, "decorator_list", n.DecoratorList, inF)
		e.child("returns", n.Returns, inF)
		typeParams(e, n.TypeParams, inF)
	case *ast.ClassDef:
		if n == nil {
			return false
		}
		e.open(typ)
		e.ident("name", n.Name)
		list(e, "bases", n.Bases, inF)
		list(e, "keywords", n.Keywords, inF)
		list(e, "body", n.Body, inF)
		list(e, "decorator_list", n.DecoratorList, inF)
		typeParams(e, n.TypeParams, inF)
	case *ast.Return:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
	case *ast.Delete:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "targets", n.Targets, inF)
	case *ast.Assign:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "targets", n.Targets, inF)
		e.child("value", n.Value, inF)
	case *ast.AugAssign:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("target", n.Target, inF)
		e.enum("op", n.Op.String())
		e.child("value", n.Value, inF)
	case *ast.AnnAssign:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("target", n.Target, inF)
		e.child("annotation", n.Annotation, inF)
		e.child("value", n.Value, inF)
		e.int("simple", n.Simple)
	case *ast.For:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("target", n.Target, inF)
		e.child("iter", n.Iter, inF)
		list(e, "body", n.Body, inF)
		list(e, "orelse", n.Orelse, inF)
	case *ast.AsyncFor:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("target", n.Target, inF)
		e.child("iter", n.Iter, inF)
		list(e, "body", n.Body, inF)
		list(e, "orelse", n.Orelse, inF)
	case *ast.While:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("test", n.Test, inF)
		list(e, "body", n.Body, inF)
		list(e, "orelse", n.Orelse, inF)
	case *ast.If:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("test", n.Test, inF)
		list(e, "body", n.Body, inF)
		list(e, "orelse", n.Orelse, inF)
	case *ast.With:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "items", n.Items, inF)
		list(e, "body", n.Body, inF)
	case *ast.AsyncWith:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "items", n.Items, inF)
		list(e, "body", n.Body, inF)
	case *ast.Match:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("subject", n.Subject, inF)
		list(e, "cases", n.Cases, inF)
	case *ast.Raise:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("exc", n.Exc, inF)
		e.child("cause", n.Cause, inF)
	case *ast.Try:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "body", n.Body, inF)
		list(e, "handlers", n.Handlers, inF)
		list(e, "orelse", n.Orelse, inF)
		list(e, "finalbody", n.Finalbody, inF)
	case *ast.TryStar:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "body", n.Body, inF)
		list(e, "handlers", n.Handlers, inF)
		list(e, "orelse", n.Orelse, inF)
		list(e, "finalbody", n.Finalbody, inF)
	case *ast.Assert:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("test", n.Test, inF)
		e.child("msg", n.Msg, inF)
	case *ast.Import:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "names", n.Names, inF)
	case *ast.ImportFrom:
		if n == nil {
			return false
		}
		e.open(typ)
		e.optIdent("module", n.Module)
		list(e, "names", n.Names, inF)
		e.int("level", n.Level)
	case *ast.Global:
		if n == nil {
			return false
		}
		e.open(typ)
		e.idents("names", n.Names)
	case *ast.Nonlocal:
		if n == nil {
			return false
		}
		e.open(typ)
		e.idents("names", n.Names)
	case *ast.ExprStmt:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
	case *ast.Pass:
		if n == nil {
			return false
		}
		e.open(typ)
	case *ast.Break:
		if n == nil {
			return false
		}
		e.open(typ)
	case *ast.Continue:
		if n == nil {
			return false
		}
		e.open(typ)
	case *ast.TypeAlias:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("name", n.Name, inF)
		list(e, "type_params", n.TypeParams, inF)
		e.child("value", n.Value, inF)
	default:
		return e.exprFields(n, typ, inF)
	}
	return true
}

// exprFields is fields for expressions; it hands the remaining kinds to otherFields.
func (e *encoder) exprFields(n ast.Node, typ string, inF bool) bool {
	switch n := n.(type) {
	case *ast.BoolOp:
		if n == nil {
			return false
		}
		e.open(typ)
		e.enum("op", n.Op.String())
		list(e, "values", n.Values, inF)
	case *ast.NamedExpr:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("target", n.Target, inF)
		e.child("value", n.Value, inF)
	case *ast.BinOp:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("left", n.Left, inF)
		e.enum("op", n.Op.String())
		e.child("right", n.Right, inF)
	case *ast.UnaryOp:
		if n == nil {
			return false
		}
		e.open(typ)
		e.enum("op", n.Op.String())
		e.child("operand", n.Operand, inF)
	case *ast.Lambda:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("args", n.Args, inF)
		e.child("body", n.Body, inF)
	case *ast.IfExp:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("test", n.Test, inF)
		e.child("body", n.Body, inF)
		e.child("orelse", n.Orelse, inF)
	case *ast.Dict:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "keys", n.Keys, inF)
		list(e, "values", n.Values, inF)
	case *ast.Set:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "elts", n.Elts, inF)
	case *ast.ListComp:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("elt", n.Elt, inF)
		list(e, "generators", n.Generators, inF)
	case *ast.SetComp:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("elt", n.Elt, inF)
		list(e, "generators", n.Generators, inF)
	case *ast.DictComp:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("key", n.Key, inF)
		e.child("value", n.Value, inF)
		list(e, "generators", n.Generators, inF)
	case *ast.GeneratorExp:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("elt", n.Elt, inF)
		list(e, "generators", n.Generators, inF)
	case *ast.Await:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
	case *ast.Yield:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
	case *ast.YieldFrom:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
	case *ast.Compare:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("left", n.Left, inF)
		e.key("ops")
		e.buf = append(e.buf, '[')
		for i, op := range n.Ops {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.open(op.String())
			e.buf = append(e.buf, '}')
		}
		e.buf = append(e.buf, ']')
		list(e, "comparators", n.Comparators, inF)
	case *ast.Call:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("func", n.Func, inF)
		list(e, "args", n.Args, inF)
		list(e, "keywords", n.Keywords, inF)
	case *ast.FormattedValue:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
		e.int("conversion", n.Conversion)
		e.child("format_spec", n.FormatSpec, inF)
	case *ast.JoinedStr:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "values", n.Values, true)
	case *ast.Constant:
		if n == nil {
			return false
		}
		e.open(typ)
		e.key("value")
		e.buf = appendConst(e.buf, &n.Value)
	case *ast.Attribute:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
		e.ident("attr", n.Attr)
		e.enum("ctx", n.Ctx.String())
	case *ast.Subscript:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
		e.child("slice", n.Slice, inF)
		e.enum("ctx", n.Ctx.String())
	case *ast.Starred:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
		e.enum("ctx", n.Ctx.String())
	case *ast.Name:
		if n == nil {
			return false
		}
		e.open(typ)
		e.ident("id", n.ID)
		e.enum("ctx", n.Ctx.String())
	case *ast.List:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "elts", n.Elts, inF)
		e.enum("ctx", n.Ctx.String())
	case *ast.Tuple:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "elts", n.Elts, inF)
		e.enum("ctx", n.Ctx.String())
	case *ast.Slice:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("lower", n.Lower, inF)
		e.child("upper", n.Upper, inF)
		e.child("step", n.Step, inF)
	default:
		return e.otherFields(n, typ, inF)
	}
	return true
}

// otherFields is fields for the helper nodes, patterns and type parameters.
func (e *encoder) otherFields(n ast.Node, typ string, inF bool) bool {
	switch n := n.(type) {
	case *ast.Comprehension:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("target", n.Target, inF)
		e.child("iter", n.Iter, inF)
		list(e, "ifs", n.Ifs, inF)
		e.int("is_async", n.IsAsync)
	case *ast.ExceptHandler:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("type", n.Type, inF)
		e.optIdent("name", n.Name)
		list(e, "body", n.Body, inF)
	case *ast.Arguments:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "posonlyargs", n.Posonlyargs, inF)
		list(e, "args", n.Args, inF)
		e.child("vararg", n.Vararg, inF)
		list(e, "kwonlyargs", n.Kwonlyargs, inF)
		list(e, "kw_defaults", n.KwDefaults, inF)
		e.child("kwarg", n.Kwarg, inF)
		list(e, "defaults", n.Defaults, inF)
	case *ast.Arg:
		if n == nil {
			return false
		}
		e.open(typ)
		e.ident("arg", n.Arg)
		e.child("annotation", n.Annotation, inF)
	case *ast.Keyword:
		if n == nil {
			return false
		}
		e.open(typ)
		e.optIdent("arg", n.Arg)
		e.child("value", n.Value, inF)
	case *ast.Alias:
		if n == nil {
			return false
		}
		e.open(typ)
		e.ident("name", n.Name)
		e.optIdent("asname", n.Asname)
	case *ast.WithItem:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("context_expr", n.ContextExpr, inF)
		e.child("optional_vars", n.OptionalVars, inF)
	case *ast.MatchCase:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("pattern", n.Pattern, inF)
		e.child("guard", n.Guard, inF)
		list(e, "body", n.Body, inF)
	case *ast.MatchValue:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("value", n.Value, inF)
	case *ast.MatchSingleton:
		if n == nil {
			return false
		}
		e.open(typ)
		e.key("value")
		e.buf = appendConst(e.buf, &n.Value)
	case *ast.MatchSequence:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "patterns", n.Patterns, inF)
	case *ast.MatchMapping:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "keys", n.Keys, inF)
		list(e, "patterns", n.Patterns, inF)
		e.optIdent("rest", n.Rest)
	case *ast.MatchClass:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("cls", n.Cls, inF)
		list(e, "patterns", n.Patterns, inF)
		e.idents("kwd_attrs", n.KwdAttrs)
		list(e, "kwd_patterns", n.KwdPatterns, inF)
	case *ast.MatchStar:
		if n == nil {
			return false
		}
		e.open(typ)
		e.optIdent("name", n.Name)
	case *ast.MatchAs:
		if n == nil {
			return false
		}
		e.open(typ)
		e.child("pattern", n.Pattern, inF)
		e.optIdent("name", n.Name)
	case *ast.MatchOr:
		if n == nil {
			return false
		}
		e.open(typ)
		list(e, "patterns", n.Patterns, inF)
	case *ast.TypeIgnore:
		if n == nil {
			return false
		}
		e.open(typ)
		e.int("lineno", n.Lineno)
		e.ident("tag", n.Tag)
	case *ast.TypeVar:
		if n == nil {
			return false
		}
		e.open(typ)
		e.ident("name", n.Name)
		e.child("bound", n.Bound, inF)
		e.defaultValue(n.DefaultValue, inF)
	case *ast.ParamSpec:
		if n == nil {
			return false
		}
		e.open(typ)
		e.ident("name", n.Name)
		e.defaultValue(n.DefaultValue, inF)
	case *ast.TypeVarTuple:
		if n == nil {
			return false
		}
		e.open(typ)
		e.ident("name", n.Name)
		e.defaultValue(n.DefaultValue, inF)
	default:
		return false
	}
	return true
}
