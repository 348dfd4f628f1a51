package pyparse

// This file compares Lex with CPython 3.11's tokenize module on a fixed sample of stdlib files
// that contain no f-strings (3.11 tokenizes f-strings as one STRING token).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// oracleScript prints, for each path read from the file argv[1], one JSON line:
// {"path": P, "toks": [[TYPE, srow, scol, erow, ecol, text], ...]} or {"path": P, "skip": why}.
// Comments, NL and ENCODING tokens are left out; OP tokens carry their exact type.
const oracleScript = `
import json, sys, tokenize, token
for path in open(sys.argv[1]).read().split("\n"):
    if not path:
        continue
    try:
        with open(path, "rb") as f:
            toks = list(tokenize.tokenize(f.readline))
    except Exception as e:
        print(json.dumps({"path": path, "skip": "tokenize: %s" % e}))
        continue
    out, skip = [], None
    for t in toks:
        if t.type in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING):
            continue
        if t.type == tokenize.ERRORTOKEN:
            skip = "ERRORTOKEN %r at %s" % (t.string, t.start)
            break
        if t.type == tokenize.STRING and "f" in t.string[:3].lower().split("'")[0].split('"')[0]:
            skip = "f-string at %s" % (t.start,)
            break
        name = token.tok_name[t.exact_type]
        out.append([name, t.start[0], t.start[1], t.end[0], t.end[1], t.string])
    if skip:
        print(json.dumps({"path": path, "skip": skip}))
    else:
        print(json.dumps({"path": path, "toks": out}))
`

type oracleFile struct {
	Path string  `json:"path"`
	Skip string  `json:"skip"`
	Toks [][]any `json:"toks"`
}

// requireTools reports whether tests must fail instead of skipping when a tool is missing.
func requireTools() bool { return os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" }

// python311 returns a python3 executable whose version is 3.11, or "".
func python311() string {
	for _, name := range []string{"python3.11", "python3"} {
		path, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		out, err := exec.Command(path, "-c", "import sys; print('%d.%d' % sys.version_info[:2])").Output()
		if err == nil && strings.TrimSpace(string(out)) == "3.11" {
			return path
		}
	}
	return ""
}

// stdlibSample returns a deterministic sample of about n stdlib .py files (site-packages
// excluded): every k-th file of the sorted list.
func stdlibSample(t *testing.T, python string, n int) []string {
	t.Helper()
	out, err := exec.Command(python, "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		t.Fatalf("find stdlib: %v", err)
	}
	root := strings.TrimSpace(string(out))
	var files []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "site-packages" || d.Name() == "__pycache__") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".py") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walk %s: %v", root, err)
	}
	sort.Strings(files)
	if len(files) <= n {
		return files
	}
	sample := make([]string, 0, n)
	step := float64(len(files)) / float64(n)
	for i := 0; i < n; i++ {
		sample = append(sample, files[int(float64(i)*step)])
	}
	return sample
}

// oracleKind maps a token kind to tokenize's token name.
func oracleKind(k TokenKind) string {
	switch {
	case k == Name || k >= KwFalse:
		return "NAME"
	case k == EndMarker:
		return "ENDMARKER"
	case k == FStringStart:
		return "FSTRING_START"
	case k == FStringMiddle:
		return "FSTRING_MIDDLE"
	case k == FStringEnd:
		return "FSTRING_END"
	}
	return strings.ToUpper(k.String())
}

func TestLexOracleCPython311(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the CPython tokenize oracle; .ci/run runs it in full (go test ./...)")
	}
	python := python311()
	if python == "" {
		if requireTools() {
			t.Fatal("python 3.11 not found (ARRAYLINT_REQUIRE_TOOLS=1)")
		}
		t.Skip("python 3.11 not found: the tokenize oracle needs it")
	}
	files := stdlibSample(t, python, 200)
	list := filepath.Join(t.TempDir(), "files.txt")
	if err := os.WriteFile(list, []byte(strings.Join(files, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", oracleScript, list)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("run tokenize oracle: %v", err)
	}
	compared, skipped, failed := 0, 0, 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 256<<20)
	for sc.Scan() {
		var of oracleFile
		if err := json.Unmarshal(sc.Bytes(), &of); err != nil {
			t.Fatalf("decode oracle output: %v", err)
		}
		src, err := os.ReadFile(of.Path)
		if err != nil {
			t.Fatal(err)
		}
		if of.Skip == "" {
			of.Skip = oracleUnfit(src)
		}
		if of.Skip != "" {
			skipped++
			t.Logf("skip %s: %s", of.Path, of.Skip)
			continue
		}
		compared++
		if msg := compareOracle(src, of.Toks); msg != "" {
			failed++
			t.Errorf("%s: %s", of.Path, msg)
		}
	}
	t.Logf("tokenize oracle: %d files compared, %d mismatched, %d skipped", compared, failed, skipped)
	if compared < 100 {
		t.Errorf("only %d files compared: the sample is too small to mean anything", compared)
	}
}

// oracleUnfit returns why src cannot be compared with tokenize's positions, or "".
func oracleUnfit(src []byte) string {
	switch {
	case !utf8.Valid(src):
		return "not UTF-8 (PEP 263 source)"
	case bytes.HasPrefix(src, []byte("\xef\xbb\xbf")):
		return "BOM"
	case len(src) > 0 && src[len(src)-1] != '\n':
		return "no final newline (tokenize places EOF tokens on a phantom line)"
	case bytes.Contains(bytes.ReplaceAll(src, []byte("\r\n"), nil), []byte("\r")):
		return "lone \\r line ends (tokenize's readline splits on \\n only)"
	}
	return ""
}

// compareOracle compares Lex's tokens of src with tokenize's and describes the first mismatch.
// The end of an FSTRING_MIDDLE is not compared: CPython 3.12's tokenize misplaces it after
// doubled braces (the next token's start still pins it down).
func compareOracle(src []byte, want [][]any) string {
	toks, _, errs := Lex(src)
	if len(errs) > 0 {
		return fmt.Sprintf("lexer errors on a file tokenize accepts: %v", errs)
	}
	lines := NewLineIndex(src)
	pos := func(o Offset) (int, int) { l, c := lines.LineColRune(o); return l, c }
	for i, w := range want {
		if i >= len(toks) {
			return fmt.Sprintf("token %d: tokenize has %v, lexer stream ended", i, w)
		}
		tk := toks[i]
		sl, sc := pos(tk.Start)
		el, ec := sl, sc
		if tk.End > tk.Start {
			// tokenize's end is one past the last character, on that character's line.
			_, size := utf8.DecodeLastRune(src[tk.Start:tk.End])
			el, ec = pos(tk.End - Offset(size))
			ec++
		}
		kind := w[0].(string)
		ws := [4]int{int(w[1].(float64)), int(w[2].(float64)), int(w[3].(float64)), int(w[4].(float64))}
		if kind == "NEWLINE" && len(w) > 5 && w[5] == "" {
			ws[2], ws[3] = ws[0], ws[1] // implicit final NEWLINE: tokenize gives it width 1
		}
		got := [4]int{sl, sc, el, ec}
		if kind == "FSTRING_MIDDLE" {
			got[2], got[3] = ws[2], ws[3]
		}
		text := "" // golden files record no text
		if len(w) > 5 {
			text, _ = w[5].(string)
		}
		if oracleKind(tk.Kind) != kind || got != ws {
			return fmt.Sprintf("token %d: lexer %s %q at %d:%d-%d:%d, tokenize %s %q at %d:%d-%d:%d",
				i, tk.Kind, src[tk.Start:tk.End], got[0], got[1], got[2], got[3],
				kind, text, ws[0], ws[1], ws[2], ws[3])
		}
	}
	if len(toks) != len(want) {
		return fmt.Sprintf("lexer has %d tokens, tokenize %d; first extra: %s", len(toks), len(want), toks[len(want)].Kind)
	}
	return ""
}

// TestLexFStringGolden compares Lex with CPython 3.12's tokenize on the PEP 701 snippets of
// testdata/lexer/fstrings.py; gen_golden.py recorded tokenize's output in fstrings.golden.
func TestLexFStringGolden(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "lexer", "fstrings.golden"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var g struct {
			Src  string  `json:"src"`
			Toks [][]any `json:"toks"`
		}
		if err := json.Unmarshal(line, &g); err != nil {
			t.Fatalf("decode golden: %v", err)
		}
		n++
		if msg := compareOracle([]byte(g.Src), g.Toks); msg != "" {
			t.Errorf("%q: %s", g.Src, msg)
		}
	}
	if n < 40 {
		t.Errorf("only %d golden snippets", n)
	}
}
