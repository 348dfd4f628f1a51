package astjson_test

// This file checks the pyparse golden inputs against CPython 3.12 and 3.13, which parse the syntax
// the 3.11 conformance oracle cannot (PEP 701 f-strings, PEP 695 and 696 type parameters).

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/astjson"
)

// fstringPositionsOracle runs pyast2json.py (argv[1]) on the files argv[2:] with positions kept
// inside f-strings: its JoinedStr test is pointed at a class no node has.
const fstringPositionsOracle = `
import ast, importlib.util, json, sys
spec = importlib.util.spec_from_file_location("pyast2json", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
class Never: pass
m.ast = type("A", (), {"AST": ast.AST, "Constant": ast.Constant, "JoinedStr": Never, "parse": staticmethod(ast.parse)})
for p in sys.argv[2:]:
    print(json.dumps(m.dump(p), ensure_ascii=True, allow_nan=False))
`

// knownGaps lists inputs on which pyparse is known to disagree with CPython, with the reason. The
// test logs them, and fails once pyparse agrees, so that the entry gets removed.
var knownGaps = map[string]string{}

// needs313 lists the valid inputs that only Python 3.13 accepts.
var needs313 = map[string]bool{"pep696_defaults.py": true}

// newerPython finds pythonX.Y on PATH or in the pyenv versions directory.
func newerPython(version string) (string, bool) {
	if p, err := exec.LookPath("python" + version); err == nil {
		if exec.Command(p, "-c", "pass").Run() == nil { // a pyenv shim without the version fails here
			return p, true
		}
	}
	root := os.Getenv("PYENV_ROOT")
	if root == "" {
		home, _ := os.UserHomeDir()
		root = filepath.Join(home, ".pyenv")
	}
	matches, _ := filepath.Glob(filepath.Join(root, "versions", version+".*", "bin", "python"+version))
	if len(matches) == 0 {
		return "", false
	}
	return matches[len(matches)-1], true
}

func TestGoldenInputsMatchNewerPython(t *testing.T) {
	skipWithoutParser(t)
	_, script := oracleScript(t)
	for _, version := range []string{"3.12", "3.13"} {
		t.Run(version, func(t *testing.T) {
			python, ok := newerPython(version)
			if !ok {
				// Skipped even under ARRAYLINT_REQUIRE_TOOLS=1: no registry this project reaches
				// provides python3.12 or 3.13 (Debian has 3.11), so CI could not install them.
				// The machine's pyenv has both; TestConformance (3.11) is the required oracle.
				t.Skip("python" + version + " not found on PATH or under pyenv")
			}
			for _, dir := range []string{"valid", "invalid"} {
				files, err := filepath.Glob(filepath.Join("..", "testdata", dir, "*.py"))
				if err != nil || len(files) == 0 {
					t.Fatalf("no pyparse/testdata/%s inputs: %v", dir, err)
				}
				args := append([]string{script}, files...)
				if version == "3.13" && dir == "valid" {
					args = append([]string{"-c", fstringPositionsOracle, script}, files...)
				}
				out, err := exec.Command(python, args...).Output()
				if err != nil {
					t.Fatalf("run oracle under python%s: %v", version, err)
				}
				lines := bytes.Split(bytes.TrimRight(out, "\n"), []byte("\n"))
				if len(lines) != len(files) {
					t.Fatalf("oracle printed %d lines for %d files", len(lines), len(files))
				}
				for i, p := range files {
					checkNewer(t, version, dir, p, lines[i])
				}
			}
		})
	}
}

// checkNewer compares our parse of p with one line of the newer oracle: for valid inputs, the same
// AST as 3.13, positions inside f-strings included (3.12 only has to accept them: 3.12.1, the version here, ends a format spec that
// ends in a field with an empty Constant, which later releases dropped); for invalid ones, an
// error from both, and CPython's error line among ours.
func checkNewer(t *testing.T, version, dir, p string, want []byte) {
	name := filepath.Base(p)
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	f, perr := pyparse.Parse(src)
	if perr != nil {
		t.Errorf("%s: %v", name, perr)
		return
	}
	wantErr := bytes.Contains(want, []byte(`"error": {`))
	if dir == "valid" {
		if wantErr {
			if version == "3.12" && needs313[name] {
				return
			}
			t.Errorf("%s: python%s rejects this valid input: %s", name, version, want)
			return
		}
		if version == "3.12" {
			return
		}
		got := []byte(`{"path":"","ast":`)
		got, err = astjson.Options{FStringPositions: true}.AppendNode(got, f.Module, f.Lines)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '}')
		d, err := astjson.CompareNewer(want, got)
		if err != nil {
			t.Fatal(err)
		}
		if d != nil {
			t.Errorf("%s: %v", name, d)
		}
		return
	}
	if !wantErr {
		t.Errorf("%s: python%s accepts this invalid input", name, version)
		return
	}
	if gap, ok := knownGaps[name]; ok {
		if len(f.Errors) == 0 {
			t.Logf("%s: known gap: %s", name, gap)
		} else {
			t.Errorf("%s: known gap fixed (%s): remove it from knownGaps", name, gap)
		}
		return
	}
	if len(f.Errors) == 0 {
		t.Errorf("%s: python%s rejects it (%s) but pyparse reports no error", name, version, want)
		return
	}
	var line int
	if _, err := fmt.Sscanf(string(want[bytes.Index(want, []byte(`"line": `)):]), `"line": %d`, &line); err != nil {
		t.Fatalf("%s: no error line in %s", name, want)
	}
	if line <= 0 {
		return // CPython gives no line (line 0: an encoding declaration error)
	}
	var ours []string
	for _, e := range f.Errors {
		l, c := f.Lines.LineCol(e.Start)
		if l == line {
			return
		}
		ours = append(ours, fmt.Sprintf("%d:%d %s", l, c+1, e.Msg))
	}
	t.Errorf("%s: python%s reports an error on line %d (%s); pyparse reports none there: %s",
		name, version, line, want, strings.Join(ours, "; "))
}
