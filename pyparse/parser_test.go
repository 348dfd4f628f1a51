package pyparse_test

// This file defines parser tests that need no oracle: syntax newer than the CPython 3.11
// oracle (PEP 701 f-strings, PEP 695 type parameters, PEP 696 defaults), error recovery and
// the nesting guard.

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// sexpr renders a subtree compactly: Kind(field=value ...), leaving out empty fields and
// ranges, Load contexts and the -1 conversion.
func sexpr(n any) string {
	var b strings.Builder
	sexprTo(&b, reflect.ValueOf(n))
	return b.String()
}

func sexprTo(b *strings.Builder, v reflect.Value) {
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		v = v.Elem()
	}
	if s, ok := v.Interface().(fmt.Stringer); ok && v.Kind() != reflect.Struct {
		b.WriteString(s.String())
		return
	}
	switch x := v.Interface().(type) {
	case ast.ConstValue:
		switch x.Kind {
		case ast.ConstStr:
			fmt.Fprintf(b, "%q", x.Str)
		case ast.ConstBytes:
			fmt.Fprintf(b, "b%q", x.Str)
		case ast.ConstInt:
			fmt.Fprint(b, x.Int)
		case ast.ConstNone:
			b.WriteString("None")
		default:
			fmt.Fprintf(b, "%v", x)
		}
		return
	}
	if v.Kind() != reflect.Struct {
		fmt.Fprint(b, v.Interface())
		return
	}
	t := v.Type()
	b.WriteString(ast.PyName(v.Addr().Interface().(ast.Node)))
	b.WriteString("(")
	sep := ""
	for i := 0; i < t.NumField(); i++ {
		f, fv := t.Field(i), v.Field(i)
		if f.Name == "Range" || fv.IsZero() && f.Name != "Value" || f.Name == "Conversion" && fv.Int() == -1 ||
			f.Name == "Ctx" && fv.Uint() == uint64(ast.Load) || fv.Kind() == reflect.Slice && fv.Len() == 0 {
			continue
		}
		b.WriteString(sep)
		sep = " "
		b.WriteString(strings.ToLower(f.Name[:1]) + f.Name[1:] + "=")
		if fv.Kind() == reflect.Slice {
			b.WriteString("[")
			for j := 0; j < fv.Len(); j++ {
				if j > 0 {
					b.WriteString(", ")
				}
				sexprTo(b, fv.Index(j))
			}
			b.WriteString("]")
			continue
		}
		sexprTo(b, fv)
	}
	b.WriteString(")")
}

// mustParse parses src, requiring no syntax errors and intact range invariants.
func mustParse(t *testing.T, src string) *pyparse.File {
	t.Helper()
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	if err := pyparse.CheckInvariants(f); err != nil {
		t.Errorf("Parse(%q): invariant: %v", src, err)
	}
	if len(f.Errors) > 0 {
		t.Fatalf("Parse(%q): unexpected error %q at %v", src, f.Errors[0].Msg, f.Errors[0].Range)
	}
	return f
}

func TestParseNewerSyntax(t *testing.T) {
	tests := []struct{ src, want string }{
		// PEP 701: quote reuse, nesting, backslashes and comments inside replacement fields.
		{`f"{"a"}"`, `Expr(value=JoinedStr(values=[FormattedValue(value=Constant(value="a"))]))`},
		{`f"{f"{x}"}"`, `Expr(value=JoinedStr(values=[FormattedValue(value=JoinedStr(values=[FormattedValue(value=Name(iD=x))]))]))`},
		{`f"{'\n'.join(a)}"`, `Expr(value=JoinedStr(values=[FormattedValue(value=Call(func=Attribute(value=Constant(value="\n") attr=join) args=[Name(iD=a)]))]))`},
		{"f'''{x # comment\n}'''", `Expr(value=JoinedStr(values=[FormattedValue(value=Name(iD=x))]))`},
		{`f"a{x!r:>{w}}b" "c"`, `Expr(value=JoinedStr(values=[Constant(value="a"), FormattedValue(value=Name(iD=x) conversion=114 formatSpec=JoinedStr(values=[Constant(value=">"), FormattedValue(value=Name(iD=w))])), Constant(value="bc")]))`},
		{`f"{x = }"`, `Expr(value=JoinedStr(values=[Constant(value="x = "), FormattedValue(value=Name(iD=x) conversion=114)]))`},
		{`f"{x:{y:{z}}}"`, `Expr(value=JoinedStr(values=[FormattedValue(value=Name(iD=x) formatSpec=JoinedStr(values=[FormattedValue(value=Name(iD=y) formatSpec=JoinedStr(values=[FormattedValue(value=Name(iD=z))]))]))]))`},
		{`f"{x:{f"{y:{z:{w}}}"}}"`, `Expr(value=JoinedStr(values=[FormattedValue(value=Name(iD=x) formatSpec=JoinedStr(values=[FormattedValue(value=JoinedStr(values=[FormattedValue(value=Name(iD=y) formatSpec=JoinedStr(values=[FormattedValue(value=Name(iD=z) formatSpec=JoinedStr(values=[FormattedValue(value=Name(iD=w))]))]))]))]))]))`},
		{"f'''{\n1+2 = # note\n  }'''", `Expr(value=JoinedStr(values=[Constant(value="\n1+2 = \n  "), FormattedValue(value=BinOp(left=Constant(value=1) right=Constant(value=2)) conversion=114)]))`},
		{`f"{x=:>4}"`, `Expr(value=JoinedStr(values=[Constant(value="x="), FormattedValue(value=Name(iD=x) formatSpec=JoinedStr(values=[Constant(value=">4")]))]))`},
		// PEP 695 and PEP 696.
		{"type X = int", `TypeAlias(name=Name(iD=X ctx=Store) value=Name(iD=int))`},
		{"type L[T] = list[T]", `TypeAlias(name=Name(iD=L ctx=Store) typeParams=[TypeVar(name=T)] value=Subscript(value=Name(iD=list) slice=Name(iD=T)))`},
		{"def f[T: int, *Ts, **P](x: T) -> T: pass", `FunctionDef(name=f args=arguments(args=[arg(arg=x annotation=Name(iD=T))]) body=[Pass()] returns=Name(iD=T) typeParams=[TypeVar(name=T bound=Name(iD=int)), TypeVarTuple(name=Ts), ParamSpec(name=P)])`},
		{"class C[T = int, *Ts = *tuple[int], **P = [int]]: pass", `ClassDef(name=C body=[Pass()] typeParams=[TypeVar(name=T defaultValue=Name(iD=int)), TypeVarTuple(name=Ts defaultValue=Starred(value=Subscript(value=Name(iD=tuple) slice=Name(iD=int)))), ParamSpec(name=P defaultValue=List(elts=[Name(iD=int)]))])`},
		{"def f(*args: *Ts): pass", `FunctionDef(name=f args=arguments(vararg=arg(arg=args annotation=Starred(value=Name(iD=Ts)))) body=[Pass()])`},
		{"type = 1", `Assign(targets=[Name(iD=type ctx=Store)] value=Constant(value=1))`},
	}
	for _, tt := range tests {
		f := mustParse(t, tt.src+"\n")
		if len(f.Module.Body) != 1 {
			t.Errorf("Parse(%q): %d statements, want 1", tt.src, len(f.Module.Body))
			continue
		}
		if got := sexpr(f.Module.Body[0]); got != tt.want {
			t.Errorf("Parse(%q)\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestParseNewerSyntaxRanges(t *testing.T) {
	src := "class C[T = int]: pass\n"
	f := mustParse(t, src)
	tv := f.Module.Body[0].(*ast.ClassDef).TypeParams[0]
	if got := src[tv.Span().Start:tv.Span().End]; got != "T = int" {
		t.Errorf("TypeVar range covers %q, want %q", got, "T = int")
	}
	src = "x = f'a{b}' 'c'\n"
	f = mustParse(t, src)
	js := f.Module.Body[0].(*ast.Assign).Value
	if got := src[js.Span().Start:js.Span().End]; got != "f'a{b}' 'c'" {
		t.Errorf("JoinedStr range covers %q", got)
	}
}

func TestParseRejectsNewerSyntaxErrors(t *testing.T) {
	for _, src := range []string{
		"type X[] = int\n",
		"def f[*Ts: int](): pass\n",
		"def f[**P: int](): pass\n",
		"f'{x!}'\n",
		"f'{x!rr}'\n",
		"f'{x! r}'\n",
		"f'{x:{y:{z:{w}}}}'\n",
		"f'{a}{x:{y:{z:{w}}}}'\n",
	} {
		f, err := pyparse.Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Errors) == 0 {
			t.Errorf("Parse(%q): no error", src)
		}
	}
}

// stmtKinds lists the kinds of the statements in body and, one level down, of compound bodies.
func stmtKinds(body []ast.Stmt) string {
	var out []string
	for _, s := range body {
		k := ast.PyName(s)
		switch s := s.(type) {
		case *ast.FunctionDef:
			k += "{" + stmtKinds(s.Body) + "}"
		case *ast.If:
			k += "{" + stmtKinds(s.Body) + "}"
		}
		out = append(out, k)
	}
	return strings.Join(out, " ")
}

func TestParseRecovery(t *testing.T) {
	tests := []struct {
		name, src string
		line      int    // line of the first error
		msg       string // its message (substring)
		stmts     string // recovered statements
	}{
		{"middle", "x = 1\ny = = 2\nz = 3\n", 2, "invalid syntax", "Assign Assign"},
		{"in body", "def f():\n    a = 1\n    b = )\n    c = 3\nd = 4\n", 3, "", "FunctionDef{Assign Assign} Assign"},
		{"header", "if x y:\n    a = 1\nb = 2\n", 1, "", "Assign Assign"},
		{"no block", "if x:\npass\ny = 1\n", 2, "expected an indented block after 'if' statement on line 1", "Assign"},
		{"unexpected indent", "x = 1\n    y = 2\nz = 3\n", 2, "unexpected indent", "Assign Assign Assign"},
		{"missing colon", "while x\n    y = 1\nz = 2\n", 1, "expected ':'", "Assign Assign"},
		{"bad target", "f() = 1\ng = 2\n", 1, "cannot assign to function call", "Assign"},
		{"keyword order", "f(a=1, b)\nok()\n", 1, "positional argument follows keyword argument", "Expr"},
		{"default order", "def f(a=1, b): pass\ndef g(): pass\n", 1, "non-default argument follows default argument", "FunctionDef{Pass}"},
		{"mixed bytes", "x = b'a' 'b'\ny = 1\n", 1, "cannot mix bytes and nonbytes literals", "Assign Assign"},
		{"else without if", "else:\n    x = 1\ny = 2\n", 1, "invalid syntax", "Assign Assign"},
		{"bad escape", "x = 1\ny = '\\N{NOT A NAME}'\nz = 3\n", 2, "unknown Unicode character name", "Assign Assign Assign"},
		{"semicolons", "a = 1; b = ; c = 3\nd = 4\n", 1, "", "Assign"},
		{"unclosed bracket", "def f():\n    x = foo(1,\n\ndef g():\n    return 2\ny = 3\n", 2, "'(' was never closed", "FunctionDef{Assign} FunctionDef{Return} Assign"},
		{"unclosed list", "x = [1, 2\nclass C:\n    pass\n", 1, "'[' was never closed", "Assign ClassDef"},
		{"match body", "match x:\n    case 1:\n        a = (\n    case 2:\n        pass\n", 3, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := pyparse.Parse([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if err := pyparse.CheckInvariants(f); err != nil {
				t.Errorf("invariant: %v", err)
			}
			if len(f.Errors) == 0 {
				t.Fatalf("no error in %q", tt.src)
			}
			e := f.Errors[0]
			if line, _ := f.Lines.LineCol(e.Start); line != tt.line {
				t.Errorf("first error %q on line %d, want %d", e.Msg, line, tt.line)
			}
			if !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("first error %q, want it to contain %q", e.Msg, tt.msg)
			}
			if tt.stmts != "" {
				if got := stmtKinds(f.Module.Body); got != tt.stmts {
					t.Errorf("recovered %q, want %q", got, tt.stmts)
				}
			}
		})
	}
}

func TestParseNestingLimit(t *testing.T) {
	var ifs strings.Builder
	for i := 0; i < 3000; i++ {
		ifs.WriteString(strings.Repeat(" ", i) + "if x:\n")
	}
	ifs.WriteString(strings.Repeat(" ", 3000) + "pass\n")
	tests := map[string]string{
		"parens":  strings.Repeat("(", 100000) + strings.Repeat(")", 100000),
		"lists":   strings.Repeat("[", 100000) + strings.Repeat("]", 100000),
		"minus":   strings.Repeat("-", 100000) + "1",
		"not":     strings.Repeat("not ", 100000) + "x",
		"power":   strings.Repeat("2**", 100000) + "2",
		"lambda":  strings.Repeat("lambda:", 100000) + "0",
		"ternary": strings.Repeat("a if b else ", 100000) + "c",
		"ifs":     ifs.String(),
		"pattern": "match x:\n case " + strings.Repeat("(", 100000) + "a" + strings.Repeat(")", 100000) + ":\n  pass\n",
	}
	for name, src := range tests {
		t.Run(name, func(t *testing.T) {
			src := src + "\nafter = 1\n"
			f, err := pyparse.Parse([]byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Errors) == 0 {
				t.Fatalf("no error for nesting past MaxDepth")
			}
			if err := pyparse.CheckInvariants(f); err != nil {
				t.Errorf("invariant: %v", err)
			}
			if len(f.Module.Body) == 0 {
				t.Fatalf("nothing recovered")
			}
			last := f.Module.Body[len(f.Module.Body)-1]
			if a, ok := last.(*ast.Assign); !ok || a.Targets[0].(*ast.Name).ID != "after" {
				t.Errorf("the statement after the deep one was not recovered: %s", sexpr(last))
			}
		})
	}
	// Deep but legal: long elif chains do not count as nesting, and attribute/call chains
	// count per link against MaxChain (CPython 3.11 accepts 1,000 `.a()` and rejects 1,500).
	mustParse(t, "if a: pass\n"+strings.Repeat("elif b: pass\n", 2000))
	mustParse(t, "x"+strings.Repeat(".a()", 1000)+"\n")
	mustParse(t, strings.Repeat("(", 150)+"x"+strings.Repeat(")", 150)+"\n")
}

func TestParseTooDeepKind(t *testing.T) {
	f, err := pyparse.Parse([]byte(strings.Repeat("-", 5000) + "1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Errors) != 1 || f.Errors[0].Kind != pyparse.ErrKindTooDeep {
		t.Fatalf("errors = %+v, want one ErrKindTooDeep", f.Errors)
	}
}

func TestParseConcurrent(t *testing.T) {
	srcs := []string{
		"import numpy as np\nx = np.zeros((3, 4))\nfor i in range(3):\n    x[i] += f'{i!r:>4}'\n",
		"def f(a, /, b=1, *c, d, **e):\n    return [y async for y in a if b]\nclass C[T]: pass\n",
		"match p:\n    case Point(x=0) | [1, *r]:\n        pass\nx = (1,\ny = 2\n",
	}
	want := make([]string, len(srcs))
	for i, s := range srcs {
		f, err := pyparse.Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = sexpr(f.Module)
	}
	done := make(chan string)
	for g := 0; g < 8; g++ {
		go func(g int) {
			for n := 0; n < 50; n++ {
				i := (g + n) % len(srcs)
				f, err := pyparse.Parse([]byte(srcs[i]))
				if err != nil {
					done <- err.Error()
					return
				}
				if got := sexpr(f.Module); got != want[i] {
					done <- fmt.Sprintf("source %d parsed differently under concurrency:\n%s\n%s", i, got, want[i])
					return
				}
			}
			done <- ""
		}(g)
	}
	for g := 0; g < 8; g++ {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}

func TestParseUnclosedBracketRecovery(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x = foo(a,\n        b\ny = 2\n",
			"Assign(targets=[Name(iD=x ctx=Store)] value=Call(func=Name(iD=foo) args=[Name(iD=a), Name(iD=b)])) Assign(targets=[Name(iD=y ctx=Store)] value=Constant(value=2))"},
		{"x = f(g(1,\ny = 2\n",
			"Assign(targets=[Name(iD=x ctx=Store)] value=Call(func=Name(iD=f) args=[Call(func=Name(iD=g) args=[Constant(value=1)])])) Assign(targets=[Name(iD=y ctx=Store)] value=Constant(value=2))"},
		{"x = foo(\ny = 2\n",
			"Assign(targets=[Name(iD=x ctx=Store)] value=Call(func=Name(iD=foo))) Assign(targets=[Name(iD=y ctx=Store)] value=Constant(value=2))"},
		{"a = [1,\nb = {2: 3,\nc = 4\n",
			"Assign(targets=[Name(iD=a ctx=Store)] value=List(elts=[Constant(value=1)])) Assign(targets=[Name(iD=b ctx=Store)] value=Dict(keys=[Constant(value=2)] values=[Constant(value=3)])) Assign(targets=[Name(iD=c ctx=Store)] value=Constant(value=4))"},
		{"if x:\n    y = foo(1,\n            2\n    z = 3\nw = 4\n",
			"If(test=Name(iD=x) body=[Assign(targets=[Name(iD=y ctx=Store)] value=Call(func=Name(iD=foo) args=[Constant(value=1), Constant(value=2)])), Assign(targets=[Name(iD=z ctx=Store)] value=Constant(value=3))]) Assign(targets=[Name(iD=w ctx=Store)] value=Constant(value=4))"},
		{"def f():\n    return g(x\n\nclass C:\n    pass\n",
			"FunctionDef(name=f args=arguments() body=[Return(value=Call(func=Name(iD=g) args=[Name(iD=x)]))]) ClassDef(name=C body=[Pass()])"},
		{"print((1, 2\n",
			"Expr(value=Call(func=Name(iD=print) args=[Tuple(elts=[Constant(value=1), Constant(value=2)])]))"},
	}
	for _, tt := range tests {
		f, err := pyparse.Parse([]byte(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		if err := pyparse.CheckInvariants(f); err != nil {
			t.Errorf("Parse(%q): invariant: %v", tt.src, err)
		}
		if len(f.Errors) != 1 || !strings.Contains(f.Errors[0].Msg, "was never closed") {
			t.Errorf("Parse(%q): errors %+v, want only the lexer's unclosed-bracket error", tt.src, f.Errors)
		}
		var got []string
		for _, s := range f.Module.Body {
			got = append(got, sexpr(s))
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("Parse(%q)\n got %s\nwant %s", tt.src, g, tt.want)
		}
	}
}
