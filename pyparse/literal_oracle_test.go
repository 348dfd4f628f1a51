package pyparse

// This file checks DecodeString and ParseNumber against CPython's own evaluation of every
// string and number literal in a sample of stdlib files.

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// literalScript reads a JSON list of literal source texts from argv[1] and prints one JSON
// line per literal: {"t": "str"|"bytes"|"int"|"float"|"complex"|"error", "v": value}. str and
// bytes values are hex (str as UTF-8 with surrogates passed through), numbers are repr().
const literalScript = `
import ast, json, sys
for text in json.load(open(sys.argv[1], encoding="utf-8", errors="surrogatepass")):
    try:
        v = ast.literal_eval(text)
    except Exception as e:
        print(json.dumps({"t": "error", "v": str(e)}))
        continue
    if isinstance(v, str):
        print(json.dumps({"t": "str", "v": v.encode("utf-8", "surrogatepass").hex()}))
    elif isinstance(v, bytes):
        print(json.dumps({"t": "bytes", "v": v.hex()}))
    elif isinstance(v, bool):
        print(json.dumps({"t": "error", "v": "bool"}))
    elif isinstance(v, int):
        print(json.dumps({"t": "int", "v": str(v)}))
    elif isinstance(v, float):
        print(json.dumps({"t": "float", "v": repr(v)}))
    elif isinstance(v, complex):
        print(json.dumps({"t": "complex", "v": repr(v.imag)}))
    else:
        print(json.dumps({"t": "error", "v": type(v).__name__}))
`

type literalResult struct {
	T string `json:"t"`
	V string `json:"v"`
}

// literalCase is a literal token and the file it came from.
type literalCase struct {
	path string
	src  []byte
	tok  Token
}

func TestLiteralOracleCPython(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the CPython literal oracle; .ci/run runs it in full (go test ./...)")
	}
	python := python311()
	if python == "" {
		if requireTools() {
			t.Fatal("python 3.11 not found (ARRAYLINT_REQUIRE_TOOLS=1)")
		}
		t.Skip("python 3.11 not found: the literal oracle needs it")
	}
	var cases []literalCase
	var texts []string
	for _, path := range stdlibSample(t, python, 200) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(src) {
			continue
		}
		toks, _, errs := Lex(src)
		if len(errs) > 0 {
			continue
		}
		for _, tk := range toks {
			if tk.Kind == String || tk.Kind == Number {
				cases = append(cases, literalCase{path, src, tk})
				texts = append(texts, string(src[tk.Start:tk.End]))
			}
		}
	}
	// Tricky literals the sample may lack.
	extra := []byte("'\\ud800\\udfff' '\\N{bullet}\\N{HANGUL SYLLABLE GAG}\\N{CJK UNIFIED IDEOGRAPH-4E00}' " +
		"'\\777\\0\\12' b'\\777\\x7f\\u0041' '\\q\\8' '''a\r\nb\rc''' 'x\\\r\ny' r'\\\n' rb'\\x' " +
		"'\\U0010ffff' '\\x4' '\\N{NO SUCH NAME}' b'\xc3\xa9' '\\U00110000' 1_000_000_000_000_000_000_000 0xFFFF_FFFF_FFFF_FFFF " +
		"'\\N{LINE FEED}\\N{esc}\\N{NUL}\\N{BOM}\\N{ZWJ}\\N{DEL}\\N{NEL}\\N{LATIN CAPITAL LETTER GHA}' " +
		"1e400 1e-400 0.1 1_0.5e-3_0j 0o777 0b1010 00 0.0 .5j 9007199254740993\n")
	toks, _, _ := Lex(extra)
	for _, tk := range toks {
		if tk.Kind == String || tk.Kind == Number {
			cases = append(cases, literalCase{"extra", extra, tk})
			texts = append(texts, string(extra[tk.Start:tk.End]))
		}
	}
	data, err := json.Marshal(texts)
	if err != nil {
		t.Fatal(err)
	}
	list := filepath.Join(t.TempDir(), "literals.json")
	if err := os.WriteFile(list, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(python, "-c", literalScript, list).Output()
	if err != nil {
		t.Fatalf("run literal oracle: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 256<<20)
	i, failed := 0, 0
	for ; sc.Scan(); i++ {
		var want literalResult
		if err := json.Unmarshal(sc.Bytes(), &want); err != nil {
			t.Fatalf("decode oracle line %d: %v", i, err)
		}
		if i >= len(cases) {
			t.Fatalf("oracle printed more results than literals")
		}
		if msg := checkLiteral(cases[i], want); msg != "" {
			failed++
			if failed <= 20 {
				t.Errorf("%s: literal %s: %s", cases[i].path, texts[i], msg)
			}
		}
	}
	if i != len(cases) {
		t.Fatalf("oracle printed %d results for %d literals", i, len(cases))
	}
	t.Logf("literal oracle: %d literals compared, %d mismatched", len(cases), failed)
}

// checkLiteral compares the decoding of one literal with CPython's value.
func checkLiteral(c literalCase, want literalResult) string {
	text := c.src[c.tok.Start:c.tok.End]
	if c.tok.Kind == String {
		val, err := DecodeString(c.src, c.tok)
		switch {
		case want.T == "error":
			if err == nil {
				return "CPython rejects it (" + want.V + "), DecodeString accepts it"
			}
			return ""
		case err != nil:
			return "DecodeString error " + err.Msg + ", CPython accepts it"
		case (c.tok.Flags&FlagBytes != 0) != (want.T == "bytes"):
			return "bytes flag disagrees with CPython's type " + want.T
		case hex.EncodeToString([]byte(val)) != want.V:
			return "value " + strconv.Quote(val) + ", CPython hex " + want.V
		}
		return ""
	}
	v, err := ParseNumber(text)
	if err != nil {
		return "ParseNumber error " + err.Msg
	}
	switch want.T {
	case "int":
		if v.Kind != ast.ConstInt {
			return "kind " + strconv.Itoa(int(v.Kind)) + ", want int"
		}
		got := strconv.FormatInt(v.Int, 10)
		if v.Big != nil {
			got = v.Big.String()
		}
		if got != want.V {
			return "int " + got + ", want " + want.V
		}
	case "float", "complex":
		wantKind := ast.ConstFloat
		if want.T == "complex" {
			wantKind = ast.ConstComplex
		}
		f, perr := strconv.ParseFloat(want.V, 64)
		if perr != nil {
			return "bad oracle float " + want.V
		}
		if v.Kind != wantKind || math.Float64bits(v.Float) != math.Float64bits(f) {
			return "value " + strconv.FormatFloat(v.Float, 'g', -1, 64) + ", want " + want.T + " " + want.V
		}
	default:
		return "CPython gives " + want.T + " " + want.V
	}
	return ""
}
