package pyparse

import (
	"math"
	"math/big"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// firstToken lexes src and returns its first token of kind k.
func firstToken(t *testing.T, src []byte, k TokenKind) Token {
	t.Helper()
	toks, _, _ := Lex(src)
	for _, tk := range toks {
		if tk.Kind == k {
			return tk
		}
	}
	t.Fatalf("no %s token in %q", k, src)
	return Token{}
}

func TestDecodeString(t *testing.T) {
	tests := []struct{ src, want, err string }{
		{`'abc'`, "abc", ""},
		{`"a\nb\t\\\'\""`, "a\nb\t\\'\"", ""},
		{`'\a\b\f\v\r'`, "\a\b\f\v\r", ""},
		{`'\x41\101\u00e9\U0001F600'`, "AAé😀", ""},
		{`'\N{BULLET}\N{latin small letter a}'`, "•a", ""},
		{`'\N{LINE FEED}\N{esc}\N{BOM}'`, "\n\x1b\ufeff", ""},
		{`'\N{HANGUL SYLLABLE GAG}\N{CJK UNIFIED IDEOGRAPH-4E00}'`, "각一", ""},
		{`'\q\8\9'`, `\q\8\9`, ""},
		{`'\777'`, "ǿ", ""},
		{`r'\n\x'`, `\n\x`, ""},
		{"'''a\r\nb\rc'''", "a\nb\nc", ""},
		{"r'''a\r\nb'''", "a\nb", ""},
		{"'a\\\r\nb'", "ab", ""},
		{"'a\\\nb'", "ab", ""},
		{`'\ud800'`, "\xed\xa0\x80", ""},
		{`'\udfff\U0010ffff'`, "\xed\xbf\xbf\U0010ffff", ""},
		{`b'\xff\777\u0041a'`, "\xff\xff\\u0041a", ""},
		{`rb'\xff'`, `\xff`, ""},
		{"b'é'", "é", "bytes can only contain ASCII literal characters"},
		{`'\x4'`, `\x4`, `(unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \xXX escape`},
		{`'\u12'`, `\u12`, `(unicode error) 'unicodeescape' codec can't decode bytes in position 0-3: truncated \uXXXX escape`},
		{`b'\x'`, `\x`, `(value error) invalid \x escape at position 0`},
		{`'\U00110000'`, `\U00110000`, `(unicode error) 'unicodeescape' codec can't decode bytes in position 0-9: illegal Unicode character`},
		{`'\N{NO SUCH NAME}'`, `\N{NO SUCH NAME}`, `(unicode error) 'unicodeescape' codec can't decode bytes in position 0-15: unknown Unicode character name`},
		{`'\N'`, `\N`, `(unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: malformed \N character escape`},
		{`'''x`, "x", "unterminated"}, // FlagError token: best-effort body
	}
	for _, tt := range tests {
		src := []byte(tt.src)
		tok := firstToken(t, src, String)
		val, err := DecodeString(src, tok)
		if val != tt.want {
			t.Errorf("DecodeString(%s) = %q, want %q", tt.src, val, tt.want)
		}
		switch {
		case tt.err == "unterminated":
			if tok.Flags&FlagError == 0 {
				t.Errorf("%s: token not flagged as an error", tt.src)
			}
		case tt.err == "" && err != nil:
			t.Errorf("DecodeString(%s) error %q, want none", tt.src, err.Msg)
		case tt.err != "" && (err == nil || err.Msg != tt.err):
			t.Errorf("DecodeString(%s) error %v, want %q", tt.src, err, tt.err)
		case err != nil && err.Range != tok.Range:
			t.Errorf("DecodeString(%s) error range %v, want the token's %v", tt.src, err.Range, tok.Range)
		}
	}
}

func TestDecodeFStringMiddle(t *testing.T) {
	tests := []struct{ src, want string }{
		{`f"a{{b}}c"`, "a{b}c"},
		{`f"\n\t\x41\N{BULLET}"`, "\n\tA•"},
		{`rf"\d{{\n"`, `\d{\n`},
		{"f'''a\r\nb\rc'''", "a\nb\nc"},
		{"f'a\\\nb'", "ab"},
		{`f"\q"`, `\q`},
		{`f"\ud800"`, "\xed\xa0\x80"},
	}
	for _, tt := range tests {
		src := []byte(tt.src)
		toks, _, errs := Lex(src)
		if len(errs) > 0 {
			t.Errorf("Lex(%s): %v", tt.src, errs)
			continue
		}
		var got strings.Builder
		for _, tk := range toks {
			if tk.Kind == FStringMiddle {
				v, _ := DecodeFStringMiddle(src, tk)
				got.WriteString(v)
			}
		}
		if got.String() != tt.want {
			t.Errorf("DecodeFStringMiddle(%s) = %q, want %q", tt.src, got.String(), tt.want)
		}
	}
	// A format spec's text is decoded too: f"{x:\x3e10}" has spec ">10".
	src := []byte(`f"{x:\x3e10}"`)
	if got, _ := DecodeFStringMiddle(src, firstToken(t, src, FStringMiddle)); got != ">10" {
		t.Errorf("spec = %q, want \">10\"", got)
	}
}

func TestParseNumber(t *testing.T) {
	big1, _ := new(big.Int).SetString("1000000000000000000000", 10)
	big2, _ := new(big.Int).SetString("18446744073709551615", 10)
	tests := []struct {
		text string
		want ast.ConstValue
	}{
		{"0", ast.ConstValue{Kind: ast.ConstInt}},
		{"00", ast.ConstValue{Kind: ast.ConstInt}},
		{"1_000", ast.ConstValue{Kind: ast.ConstInt, Int: 1000}},
		{"0x_fF", ast.ConstValue{Kind: ast.ConstInt, Int: 255}},
		{"0o17", ast.ConstValue{Kind: ast.ConstInt, Int: 15}},
		{"0B1_0", ast.ConstValue{Kind: ast.ConstInt, Int: 2}},
		{"9223372036854775807", ast.ConstValue{Kind: ast.ConstInt, Int: math.MaxInt64}},
		{"1_000_000_000_000_000_000_000", ast.ConstValue{Kind: ast.ConstInt, Big: big1}},
		{"0xFFFF_FFFF_FFFF_FFFF", ast.ConstValue{Kind: ast.ConstInt, Big: big2}},
		{"1.", ast.ConstValue{Kind: ast.ConstFloat, Float: 1}},
		{".5", ast.ConstValue{Kind: ast.ConstFloat, Float: 0.5}},
		{"1_0.2_5e-1", ast.ConstValue{Kind: ast.ConstFloat, Float: 1.025}},
		{"1e400", ast.ConstValue{Kind: ast.ConstFloat, Float: math.Inf(1)}},
		{"1e-400", ast.ConstValue{Kind: ast.ConstFloat, Float: 0}},
		{"09.5", ast.ConstValue{Kind: ast.ConstFloat, Float: 9.5}},
		{"3j", ast.ConstValue{Kind: ast.ConstComplex, Float: 3}},
		{"1.5E2J", ast.ConstValue{Kind: ast.ConstComplex, Float: 150}},
		{"0777j", ast.ConstValue{Kind: ast.ConstComplex, Float: 777}},
	}
	for _, tt := range tests {
		got, err := ParseNumber([]byte(tt.text))
		if err != nil {
			t.Errorf("ParseNumber(%s) error %v", tt.text, err)
			continue
		}
		same := got.Kind == tt.want.Kind && got.Int == tt.want.Int && got.Float == tt.want.Float &&
			(got.Big == nil) == (tt.want.Big == nil) && (got.Big == nil || got.Big.Cmp(tt.want.Big) == 0)
		if !same {
			t.Errorf("ParseNumber(%s) = %+v, want %+v", tt.text, got, tt.want)
		}
	}
	for _, bad := range []string{"", "_", "abc", "inf", "nan", "0x1p3", "1e", "+1", "0x", "j"} {
		if v, err := ParseNumber([]byte(bad)); err == nil {
			t.Errorf("ParseNumber(%q) = %+v, want an error", bad, v)
		}
	}
}

func TestNormalizeName(t *testing.T) {
	tests := map[string]string{"x": "x", "self": "self", "café": "café", "ﬁle": "file", "ℌ": "H", "x²": "x2", "Ω": "Ω"}
	for in, want := range tests {
		if got := NormalizeName([]byte(in)); got != want {
			t.Errorf("NormalizeName(%q) = %q, want %q", in, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { NormalizeName([]byte("self")) }); n != 0 {
		t.Errorf("NormalizeName(\"self\") allocates %v times, want 0", n)
	}
}

func TestIdentifierClasses(t *testing.T) {
	// Spot checks of XID_Start/XID_Continue, including the NFKC-unstable exclusions.
	starts := map[rune]bool{'a': true, '_': false, '1': false, 'é': true, 'ª': true, '℘': true, '℮': true,
		0x0E33: false, 0xFF9E: false, 0x037A: false, '·': false, 0x0300: false, '€': false}
	for r, want := range starts {
		if got := isXIDStart(r); got != want {
			t.Errorf("isXIDStart(%U) = %v, want %v", r, got, want)
		}
	}
	conts := map[rune]bool{'1': true, '_': true, '·': true, 0x0300: true, 0x0E33: true, 0xFF9E: true,
		0x037A: false, '€': false, ' ': false, 0x200C: false}
	for r, want := range conts {
		if got := isXIDContinue(r); got != want {
			t.Errorf("isXIDContinue(%U) = %v, want %v", r, got, want)
		}
	}
}

func TestIdentifierClassesOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the CPython identifier oracle; .ci/run runs it in full (go test ./...)")
	}
	python := python311()
	if python == "" {
		if requireTools() {
			t.Fatal("python 3.11 not found (ARRAYLINT_REQUIRE_TOOLS=1)")
		}
		t.Skip("python 3.11 not found: the identifier oracle needs it")
	}
	// One character per code point: '-' unassigned in Python's Unicode database (or a
	// surrogate), else a digit with bit 0 = starts an identifier, bit 1 = continues one.
	const script = `
import sys, unicodedata
out = []
for cp in range(0x110000):
    ch = chr(cp)
    if 0xD800 <= cp <= 0xDFFF or unicodedata.category(ch) == "Cn":
        out.append("-")
        continue
    out.append(str(int(ch.isidentifier()) | int(("a" + ch).isidentifier()) << 1))
sys.stdout.write("".join(out))
`
	out, err := exec.Command(python, "-c", script).Output()
	if err != nil {
		t.Fatalf("run identifier oracle: %v", err)
	}
	if len(out) != 0x110000 {
		t.Fatalf("oracle printed %d classes, want %d", len(out), 0x110000)
	}
	bad := 0
	for cp, c := range out {
		if c == '-' {
			continue
		}
		r := rune(cp)
		want := c - '0'
		got := byte(0)
		if isXIDStart(r) || r == '_' {
			got |= 1
		}
		if isXIDContinue(r) {
			got |= 2
		}
		if got != want {
			bad++
			if bad <= 20 {
				t.Errorf("%U: start/continue bits %02b, CPython %02b", r, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d code points classified differently from CPython", bad)
	}
}

// TestNamedPlanesHoldEveryName: the code points outside namedPlanes have no name, so the \N{…}
// table built from the planes is the one built from every code point.
func TestNamedPlanesHoldEveryName(t *testing.T) {
	all := map[string]rune{}
	addRuneNames(all, 0, utf8.MaxRune)
	planes := map[string]rune{}
	for _, p := range namedPlanes {
		addRuneNames(planes, p[0], p[1])
	}
	if len(all) < 30000 || len(planes) != len(all) {
		t.Fatalf("%d names from the planes, %d from every code point", len(planes), len(all))
	}
	for n, r := range all {
		if planes[n] != r {
			t.Errorf("%q: %U from the planes, %U from every code point", n, planes[n], r)
		}
	}
}
