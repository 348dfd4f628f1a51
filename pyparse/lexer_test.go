package pyparse

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// compact renders tokens as `Kind(text)` separated by spaces; structural tokens with empty
// text are just `Kind`, EndMarker is left out, and `!` marks FlagError.
func compact(src []byte, toks []Token) string {
	var parts []string
	for _, t := range toks {
		if t.Kind == EndMarker {
			continue
		}
		s := t.Kind.String()
		if t.End > t.Start {
			text := string(src[t.Start:t.End])
			text = strings.NewReplacer("\n", `\n`, "\r", `\r`, "\t", `\t`, "\f", `\f`).Replace(text)
			s += "(" + text + ")"
		}
		if t.Flags&FlagError != 0 {
			s += "!"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestLexTokens(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"empty", "", ""},
		{"blank lines", "\n\n  \n", ""},
		{"comment only", "# c\n", ""},
		{"simple", "x = 1\n", `Name(x) Equal(=) Number(1) Newline(\n)`},
		{"no final newline", "x", `Name(x) Newline`},
		{"comment no newline", "x # c", `Name(x) Newline`},
		{"crlf", "x\r\ny\r\n", `Name(x) Newline(\r\n) Name(y) Newline(\r\n)`},
		{"lone cr", "x\ry\r", `Name(x) Newline(\r) Name(y) Newline(\r)`},
		{"indent", "if x:\n    y\nz\n", `KwIf(if) Name(x) Colon(:) Newline(\n) Indent(    ) Name(y) Newline(\n) Dedent Name(z) Newline(\n)`},
		{"dedent at eof", "if x:\n  if y:\n    z", `KwIf(if) Name(x) Colon(:) Newline(\n) Indent(  ) KwIf(if) Name(y) Colon(:) Newline(\n) Indent(    ) Name(z) Newline Dedent Dedent`},
		{"comment lines keep indentation", "if x:\n    y\n# c\n  # d\n\n    z\n", `KwIf(if) Name(x) Colon(:) Newline(\n) Indent(    ) Name(y) Newline(\n) Name(z) Newline(\n) Dedent`},
		{"tab equals eight spaces", "if x:\n\ty\n\tz\n", `KwIf(if) Name(x) Colon(:) Newline(\n) Indent(\t) Name(y) Newline(\n) Name(z) Newline(\n) Dedent`},
		{"form feed resets column", "if x:\n    y\n\f    z\n", `KwIf(if) Name(x) Colon(:) Newline(\n) Indent(    ) Name(y) Newline(\n) Name(z) Newline(\n) Dedent`},
		{"brackets join lines", "f(a,\n  b\n)\n", `Name(f) LPar(() Name(a) Comma(,) Name(b) RPar()) Newline(\n)`},
		{"backslash joins lines", "x = 1 + \\\n  2\n", `Name(x) Equal(=) Number(1) Plus(+) Number(2) Newline(\n)`},
		{"backslash crlf", "x = \\\r\n 2\r\n", `Name(x) Equal(=) Number(2) Newline(\r\n)`},
		{"indented continuation line is an indent", "  \\\nx\n", `Indent(  ) Name(x) Newline(\n) Dedent`},
		{"keywords", "def async await match case type _ None True False", `KwDef(def) KwAsync(async) KwAwait(await) Name(match) Name(case) Name(type) Name(_) KwNone(None) KwTrue(True) KwFalse(False) Newline`},
		{"operators", "a->b ... := @= //= **= != <= >= << >>= ~ ^ | & % ! .", `Name(a) RArrow(->) Name(b) Ellipsis(...) ColonEqual(:=) AtEqual(@=) DoubleSlashEqual(//=) DoubleStarEqual(**=) NotEqual(!=) LessEqual(<=) GreaterEqual(>=) LeftShift(<<) RightShiftEqual(>>=) Tilde(~) CircumFlex(^) VBar(|) Amper(&) Percent(%) Exclamation(!) Dot(.) Newline`},
		{"dots", "..x.y", `Dot(.) Dot(.) Name(x) Dot(.) Name(y) Newline`},
		{"unicode names", "café = ñ_1 + x·y", `Name(café) Equal(=) Name(ñ_1) Plus(+) Name(x·y) Newline`},
		{"numbers", "0 00 0_0 1_000 0x_fF 0o17 0B1_0 1. .5 1e5 1E-5 1_0.0_1e+1_0 3j 1.5J 0e0 09.5 0777j", `Number(0) Number(00) Number(0_0) Number(1_000) Number(0x_fF) Number(0o17) Number(0B1_0) Number(1.) Number(.5) Number(1e5) Number(1E-5) Number(1_0.0_1e+1_0) Number(3j) Number(1.5J) Number(0e0) Number(09.5) Number(0777j) Newline`},
		{"number before keyword", "1if x else 2or 3", `Number(1) KwIf(if) Name(x) KwElse(else) Number(2) KwOr(or) Number(3) Newline`},
		{"number then e-keyword", "1else", `Number(1) KwElse(else) Newline`},
		{"attribute of int", "1 .real", `Number(1) Dot(.) Name(real) Newline`},
		{"strings", `'a' "b" '''c''' """d""" r'\d' b"x" Rb'y' BR"z" u'w' U"v"`, `String('a') String("b") String('''c''') String("""d""") String(r'\d') String(b"x") String(Rb'y') String(BR"z") String(u'w') String(U"v") Newline`},
		{"escaped quotes", `'a\'b' "a\"b" '\\'`, `String('a\'b') String("a\"b") String('\\') Newline`},
		{"triple with quotes inside", `'''a''b'c'''`, `String('''a''b'c''') Newline`},
		{"multi-line triple", "x = '''a\nb'''\ny\n", `Name(x) Equal(=) String('''a\nb''') Newline(\n) Name(y) Newline(\n)`},
		{"backslash newline in string", "'a\\\nb'\n", `String('a\\nb') Newline(\n)`},
		{"not a prefix", "ub'x' bu'y' ff'z'", `Name(ub) String('x') Name(bu) String('y') Name(ff) String('z') Newline`},
		{"fstring plain", `f"abc"`, `FStringStart(f") FStringMiddle(abc) FStringEnd(") Newline`},
		{"fstring empty", `f""`, `FStringStart(f") FStringEnd(") Newline`},
		{"fstring field", `f"a{x}b"`, `FStringStart(f") FStringMiddle(a) LBrace({) Name(x) RBrace(}) FStringMiddle(b) FStringEnd(") Newline`},
		{"fstring conversion spec", `f"{x!r:>{w}.3}"`, `FStringStart(f") LBrace({) Name(x) Exclamation(!) Name(r) Colon(:) FStringMiddle(>) LBrace({) Name(w) RBrace(}) FStringMiddle(.3) RBrace(}) FStringEnd(") Newline`},
		{"fstring empty spec", `f"{x:}"`, `FStringStart(f") LBrace({) Name(x) Colon(:) RBrace(}) FStringEnd(") Newline`},
		{"fstring debug", `f"{x = }"`, `FStringStart(f") LBrace({) Name(x) Equal(=) RBrace(}) FStringEnd(") Newline`},
		{"fstring debug conversion", `f"{x=!s:^9}"`, `FStringStart(f") LBrace({) Name(x) Equal(=) Exclamation(!) Name(s) Colon(:) FStringMiddle(^9) RBrace(}) FStringEnd(") Newline`},
		{"fstring not equal", `f"{a!=b}"`, `FStringStart(f") LBrace({) Name(a) NotEqual(!=) Name(b) RBrace(}) FStringEnd(") Newline`},
		{"fstring doubled braces", `f"{{a}} {{{x}}}"`, `FStringStart(f") FStringMiddle({{a}} {{) LBrace({) Name(x) RBrace(}) FStringMiddle(}}) FStringEnd(") Newline`},
		{"fstring quote reuse", `f"{x["a"]}"`, `FStringStart(f") LBrace({) Name(x) LSqb([) String("a") RSqb(]) RBrace(}) FStringEnd(") Newline`},
		{"fstring nested", `f"{f'{y}'}"`, `FStringStart(f") LBrace({) FStringStart(f') LBrace({) Name(y) RBrace(}) FStringEnd(') RBrace(}) FStringEnd(") Newline`},
		{"fstring deeply nested same quotes", `f"{f"{f"{1}"}"}"`, `FStringStart(f") LBrace({) FStringStart(f") LBrace({) FStringStart(f") LBrace({) Number(1) RBrace(}) FStringEnd(") RBrace(}) FStringEnd(") RBrace(}) FStringEnd(") Newline`},
		{"fstring walrus in parens", `f"{(x:=1)}"`, `FStringStart(f") LBrace({) LPar(() Name(x) ColonEqual(:=) Number(1) RPar()) RBrace(}) FStringEnd(") Newline`},
		{"fstring colon-equal is a spec", `f"{x:=1}"`, `FStringStart(f") LBrace({) Name(x) Colon(:) FStringMiddle(=1) RBrace(}) FStringEnd(") Newline`},
		{"fstring slice and dict", `f"{a[1:2]}{ {'k':1}['k'] }"`, `FStringStart(f") LBrace({) Name(a) LSqb([) Number(1) Colon(:) Number(2) RSqb(]) RBrace(}) LBrace({) LBrace({) String('k') Colon(:) Number(1) RBrace(}) LSqb([) String('k') RSqb(]) RBrace(}) FStringEnd(") Newline`},
		{"fstring lambda in parens", `f"{(lambda: 1)()}"`, `FStringStart(f") LBrace({) LPar(() KwLambda(lambda) Colon(:) Number(1) RPar()) LPar(() RPar()) RBrace(}) FStringEnd(") Newline`},
		{"fstring raw", `rf"\{x}\d" Rf'\''`, `FStringStart(rf") FStringMiddle(\) LBrace({) Name(x) RBrace(}) FStringMiddle(\d) FStringEnd(") FStringStart(Rf') FStringMiddle(\') FStringEnd(') Newline`},
		{"fstring escapes", `f"\n\"\N{BULLET}{x}"`, `FStringStart(f") FStringMiddle(\n\"\N{BULLET}) LBrace({) Name(x) RBrace(}) FStringEnd(") Newline`},
		{"fstring triple multiline", "f'''a\n{x\n+ 1 # c\n}b'''\n", `FStringStart(f''') FStringMiddle(a\n) LBrace({) Name(x) Plus(+) Number(1) RBrace(}) FStringMiddle(b) FStringEnd(''') Newline(\n)`},
		{"fstring single quoted field spans lines", "f'{x\n}'\n", `FStringStart(f') LBrace({) Name(x) RBrace(}) FStringEnd(') Newline(\n)`},
		{"fstring nested spec field with conversion", `f"{x:{y!r}}"`, `FStringStart(f") LBrace({) Name(x) Colon(:) LBrace({) Name(y) Exclamation(!) Name(r) RBrace(}) RBrace(}) FStringEnd(") Newline`},
		{"fstring in brackets", "(f'a'\n f'b')\n", `LPar(() FStringStart(f') FStringMiddle(a) FStringEnd(') FStringStart(f') FStringMiddle(b) FStringEnd(') RPar()) Newline(\n)`},
		{"bom", "\xef\xbb\xbfx\n", `Name(x) Newline(\n)`},
		{"semicolons", "a; b;\n", `Name(a) Semi(;) Name(b) Semi(;) Newline(\n)`},
		{"decorator matmul", "@d\ndef f(): return a @ b\n", `At(@) Name(d) Newline(\n) KwDef(def) Name(f) LPar(() RPar()) Colon(:) KwReturn(return) Name(a) At(@) Name(b) Newline(\n)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			toks, _, errs := Lex(src)
			if len(errs) > 0 {
				t.Errorf("Lex(%q) errors: %v", tt.src, errs)
			}
			if got := compact(src, toks); got != tt.want {
				t.Errorf("Lex(%q)\n got: %s\nwant: %s", tt.src, got, tt.want)
			}
			checkTokenInvariants(t, src, toks)
		})
	}
}

// checkTokenInvariants checks that tokens are ordered, non-overlapping, inside src, and end
// with EndMarker.
func checkTokenInvariants(t *testing.T, src []byte, toks []Token) {
	t.Helper()
	if len(toks) == 0 || toks[len(toks)-1].Kind != EndMarker {
		t.Fatalf("token stream does not end with EndMarker")
	}
	prev := Offset(0)
	for i, tk := range toks {
		if tk.Start < prev || tk.End < tk.Start || int(tk.End) > len(src) {
			t.Fatalf("token %d %s has range %v after offset %d (len %d)", i, tk.Kind, tk.Range, prev, len(src))
		}
		if tk.Kind == FStringMiddle && tk.End == tk.Start {
			t.Fatalf("token %d: empty FStringMiddle at %d", i, tk.Start)
		}
		prev = tk.End
	}
}

func TestLexRanges(t *testing.T) {
	src := []byte("if a:\n  b = 'x'  # note\n")
	toks, comments, _ := Lex(src)
	var got []string
	for _, tk := range toks {
		got = append(got, fmt.Sprintf("%s%v", tk.Kind, tk.Range))
	}
	want := "KwIf[0,2) Name[3,4) Colon[4,5) Newline[5,6) Indent[6,8) Name[8,9) Equal[10,11) String[12,15) Newline[23,24) Dedent[24,24) EndMarker[24,24)"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("ranges\n got: %s\nwant: %s", s, want)
	}
	if len(comments) != 1 || comments[0].Text(src) != "# note" {
		t.Errorf("comments = %v, want one \"# note\"", comments)
	}
}

func TestLexComments(t *testing.T) {
	src := []byte("# a\r\nx  # b\r# c\nf'''{x # d\n}'''\n#e")
	_, comments, errs := Lex(src)
	var got []string
	for _, c := range comments {
		got = append(got, c.Text(src))
	}
	if s := strings.Join(got, "|"); s != "# a|# b|# c|# d|#e" || len(errs) > 0 {
		t.Errorf("comments %q errors %v", s, errs)
	}
}

func TestCommentMentions(t *testing.T) {
	src := []byte("x = 1  # arraylint: assume n=4\n# arraylin\ny = 2  # noqa: AL301 (arraylint)\n")
	_, comments, _ := Lex(src)
	var got []bool
	for _, c := range comments {
		got = append(got, c.Mentions(src, "arraylint"))
	}
	if fmt.Sprint(got) != "[true false true]" {
		t.Errorf("Mentions(arraylint) of %d comments: %v, want [true false true]", len(comments), got)
	}
}

func TestLexErrors(t *testing.T) {
	// Positions are CPython's reported (line, 1-based column) where it reports one.
	tests := []struct {
		src      string
		msg      string
		line     int
		col      int
		kind     ErrorKind
		wantToks string // optional: the token stream the error leaves behind
	}{
		{"x = 'abc\ny\n", "unterminated string literal (detected at line 1)", 1, 5, ErrKindToken, `Name(x) Equal(=) String('abc)! Newline(\n) Name(y) Newline(\n)`},
		{"x = b'abc\n", "unterminated string literal (detected at line 1)", 1, 5, ErrKindToken, ""},
		{"x = '''abc\n\n", "unterminated triple-quoted string literal (detected at line 2)", 1, 5, ErrKindToken, `Name(x) Equal(=) String('''abc\n\n)! Newline`},
		{"x = '''abc\ny", "unterminated triple-quoted string literal (detected at line 2)", 1, 5, ErrKindToken, ""},
		{"x = '\\\n", "unterminated string literal (detected at line 1)", 1, 5, ErrKindToken, ""},
		{"1abc\n", "invalid decimal literal", 1, 1, ErrKindToken, `Number(1abc)! Newline(\n)`},
		{"0x1g\n", "invalid hexadecimal literal", 1, 3, ErrKindToken, `Number(0x1g)! Newline(\n)`},
		{"0777\n", "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 1, 1, ErrKindToken, `Number(0777)! Newline(\n)`},
		{"x = 0_7\n", "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 1, 5, ErrKindToken, ""},
		{"0o8\n", "invalid digit '8' in octal literal", 1, 3, ErrKindToken, ""},
		{"0o\n", "invalid octal literal", 1, 2, ErrKindToken, ""},
		{"0b2\n", "invalid digit '2' in binary literal", 1, 3, ErrKindToken, ""},
		{"x = 0b1_\n", "invalid binary literal", 1, 8, ErrKindToken, ""},
		{"0x\n", "invalid hexadecimal literal", 1, 2, ErrKindToken, ""},
		{"1_\n", "invalid decimal literal", 1, 2, ErrKindToken, ""},
		{"1__0\n", "invalid decimal literal", 1, 2, ErrKindToken, `Number(1__0)! Newline(\n)`},
		{"1e\n", "invalid decimal literal", 1, 1, ErrKindToken, ""},
		{"1.e\n", "invalid decimal literal", 1, 2, ErrKindToken, ""},
		{"1e+x\n", "invalid decimal literal", 1, 3, ErrKindToken, ""},
		{"1jx\n", "invalid imaginary literal", 1, 2, ErrKindToken, ""},
		{"a = (1,\n", "'(' was never closed", 1, 5, ErrKindToken, `Name(a) Equal(=) LPar(() Number(1) Comma(,) Newline`},
		{"a = [1)\n", "closing parenthesis ')' does not match opening parenthesis '['", 1, 7, ErrKindToken, ""},
		{"a = [1,\n2)\n", "closing parenthesis ')' does not match opening parenthesis '[' on line 1", 2, 2, ErrKindToken, ""},
		{"a = ]\n", "unmatched ']'", 1, 5, ErrKindToken, `Name(a) Equal(=) RSqb(]) Newline(\n)`},
		{"x = 1 \\ y\n", "unexpected character after line continuation character", 1, 8, ErrKindToken, `Name(x) Equal(=) Number(1) Unknown(\)! Name(y) Newline(\n)`},
		{"x = 1 \\\n", "unexpected EOF while parsing", 1, 8, ErrKindToken, ""},
		{"x = 1 \\", "unexpected EOF while parsing", 1, 8, ErrKindToken, ""},
		{"x = €\n", "invalid character '€' (U+20AC)", 1, 5, ErrKindToken, `Name(x) Equal(=) Unknown(€)! Newline(\n)`},
		{"x = \u00a0\n", "invalid non-printable character U+00A0", 1, 5, ErrKindToken, ""},
		{"x=1\n\v\n", "invalid non-printable character U+000B", 2, 1, ErrKindToken, ""},
		{"a€b\n", "invalid character '€' (U+20AC)", 1, 2, ErrKindToken, `Name(a) Unknown(€)! Name(b) Newline(\n)`},
		{"if x:\n\tpass\n        pass\n", "inconsistent use of tabs and spaces in indentation", 3, 1, ErrKindIndentation, ""},
		{"if x:\n        a\n\tb\n", "inconsistent use of tabs and spaces in indentation", 3, 1, ErrKindIndentation, ""},
		{"if x:\n    a\n  b\n", "unindent does not match any outer indentation level", 3, 3, ErrKindIndentation, `KwIf(if) Name(x) Colon(:) Newline(\n) Indent(    ) Name(a) Newline(\n) Name(b) Newline(\n) Dedent`},
		{"a $ b\n", "invalid syntax", 1, 3, ErrKindSyntax, `Name(a) Unknown($)! Name(b) Newline(\n)`},
		{"a ? b\n", "invalid syntax", 1, 3, ErrKindSyntax, ""},
		{"a ` b\n", "invalid syntax", 1, 3, ErrKindSyntax, ""},
		{"a = 1 <> 2\n", "invalid syntax", 1, 7, ErrKindSyntax, `Name(a) Equal(=) Number(1) NotEqual(<>)! Number(2) Newline(\n)`},
		{"x = \xff\xfe + 1\n", "invalid utf-8 sequence", 1, 5, ErrKindEncoding, "Name(x) Equal(=) Unknown(\xff\xfe)! Plus(+) Number(1) Newline(\\n)"},
		{"s = 'a\xffb'\n", "invalid utf-8 sequence", 1, 7, ErrKindEncoding, ""},
		{"# \xc3\n", "invalid utf-8 sequence", 1, 3, ErrKindEncoding, ""},
		{"f'abc\n", "unterminated f-string literal (detected at line 1)", 1, 1, ErrKindToken, `FStringStart(f') FStringMiddle(abc) FStringEnd! Newline(\n)`},
		{"f'''abc\n", "unterminated triple-quoted f-string literal (detected at line 1)", 1, 1, ErrKindToken, `FStringStart(f''') FStringMiddle(abc\n) FStringEnd! Newline`},
		{"f'a}b'\n", "f-string: single '}' is not allowed", 1, 4, ErrKindToken, `FStringStart(f') FStringMiddle(a}b)! FStringEnd(') Newline(\n)`},
		{"f'{'\n", "f-string: expecting '}'", 1, 4, ErrKindToken, `FStringStart(f') LBrace({) FStringEnd(')! Newline(\n)`},
		{"f'''{x#}\n'''\n", "f-string: expecting '}'", 2, 1, ErrKindToken, ""},
		{"f'{x#}'\n", "'{' was never closed", 1, 3, ErrKindToken, `FStringStart(f') LBrace({) Name(x) FStringEnd! Newline`},
		{"f'{x)}'\n", "f-string: unmatched ')'", 1, 5, ErrKindToken, `FStringStart(f') LBrace({) Name(x) RPar()) RBrace(}) FStringEnd(') Newline(\n)`},
		{"(" + strings.Repeat("(", 200) + strings.Repeat(")", 201) + "\n", "too many nested parentheses", 1, 201, ErrKindTooDeep, ""},
	}
	for _, tt := range tests {
		src := []byte(tt.src)
		toks, _, errs := Lex(src)
		checkTokenInvariants(t, src, toks)
		if len(errs) == 0 {
			t.Errorf("Lex(%q): no error, want %q", tt.src, tt.msg)
			continue
		}
		e := errs[0]
		lines := NewLineIndex(src)
		line, col := lines.LineCol(e.Start)
		if e.Msg != tt.msg || line != tt.line || col+1 != tt.col || e.Kind != tt.kind {
			t.Errorf("Lex(%q) first error %q at %d:%d kind %d, want %q at %d:%d kind %d (all: %v)",
				tt.src, e.Msg, line, col+1, e.Kind, tt.msg, tt.line, tt.col, tt.kind, errs)
		}
		if tt.wantToks != "" {
			if got := compact(src, toks); got != tt.wantToks {
				t.Errorf("Lex(%q) tokens\n got: %s\nwant: %s", tt.src, got, tt.wantToks)
			}
		}
	}
}

func TestLexNoPanic(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	inputs := []string{
		strings.Repeat("(", 5000),
		strings.Repeat("[{(", 3000) + strings.Repeat(")}]", 3000),
		strings.Repeat("f'{", 500),
		strings.Repeat("f\"{", 300) + strings.Repeat("}\"", 300),
		long,
		"x = '" + long,
		"x = '''" + long,
		"# " + long,
		strings.Repeat(" ", 1<<20) + "x",
		strings.Repeat("if x:\n", 200) + strings.Repeat(" ", 300) + "y\n",
		"\\", "\\\\", "'", "f'", "f'{", "f'{x:", "f'{x:{", "f'{x!", "0x", "0b", "1e", "1_", ".", "\xff", "\r", "\f", "\t\f \t",
		"f'''{\n'''", "f'{x:{y:{z}}}'", "}", ")", "]", "f'}'", "f'{}}'", "\x00", "\xef\xbb\xbf",
	}
	for _, in := range inputs {
		src := []byte(in)
		toks, _, _ := Lex(src)
		checkTokenInvariants(t, src, toks)
	}
}

func TestLexRandomBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("f'\"{}()[]:!=#\\\n\r\t xé0_.j\xff")
	for i := 0; i < 500; i++ {
		src := make([]byte, rng.IntN(300))
		for j := range src {
			if i%2 == 0 {
				src[j] = byte(rng.IntN(256))
			} else {
				src[j] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		toks, _, errs := Lex(src)
		checkTokenInvariants(t, src, toks)
		for _, e := range errs {
			if e.Start < 0 || e.End < e.Start || int(e.End) > len(src) {
				t.Fatalf("Lex(%q): error %q range %v outside the source", src, e.Msg, e.Range)
			}
		}
	}
}

func TestLexIndentLimit(t *testing.T) {
	nested := func(n int) []byte {
		var sb strings.Builder
		for i := 0; i < n; i++ {
			sb.WriteString(strings.Repeat(" ", i) + "if x:\n")
		}
		sb.WriteString(strings.Repeat(" ", n) + "y\n")
		return []byte(sb.String())
	}
	// CPython allows 99 levels and rejects the 100th.
	if _, _, errs := Lex(nested(99)); len(errs) != 0 {
		t.Errorf("99 levels: errors %v, want none", errs)
	}
	src := nested(100)
	_, _, errs := Lex(src)
	if len(errs) != 1 || errs[0].Msg != "too many levels of indentation" || NewLineIndex(src).Line(errs[0].Start) != 101 {
		t.Errorf("100 levels: errors = %v, want one \"too many levels of indentation\" on line 101", errs)
	}
}
