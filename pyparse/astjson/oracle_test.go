package astjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
)

// requireTools reports whether CI asked for tests that need external tools to fail, not skip.
func requireTools() bool { return os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" }

// skipOrFail skips the test with reason, or fails it when ARRAYLINT_REQUIRE_TOOLS=1.
func skipOrFail(t testing.TB, reason string) {
	t.Helper()
	if requireTools() {
		t.Fatalf("%s (ARRAYLINT_REQUIRE_TOOLS=1)", reason)
	}
	t.Skip(reason)
}

// oracleScript returns python3 and the path of ../shared/tools/pyast2json.py relative to the repo
// root (the directory holding go.mod), skipping the test when either is missing.
func oracleScript(t testing.TB) (python, script string) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		skipOrFail(t, "python3 not found: the CPython oracle cannot run")
	}
	root, err := repoRoot()
	if err != nil {
		skipOrFail(t, err.Error())
	}
	script = filepath.Join(root, "..", "shared", "tools", "pyast2json.py")
	if _, err := os.Stat(script); err != nil {
		skipOrFail(t, fmt.Sprintf("oracle script missing: %v", err))
	}
	return python, script
}

// repoRoot walks up from the working directory to the directory holding go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("find repo root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("find repo root: no go.mod above the test directory")
		}
		dir = parent
	}
}

// oracleDocs runs the oracle over the given sources (written to temporary files) and returns one
// JSON line per source, in order.
func oracleDocs(t *testing.T, srcs []string) [][]byte {
	t.Helper()
	python, script := oracleScript(t)
	dir := t.TempDir()
	var paths []string
	for i, src := range srcs {
		p := filepath.Join(dir, fmt.Sprintf("src%03d.py", i))
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	cmd := exec.Command(python, append([]string{script}, paths...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("run oracle: %v\n%s", err, stderr.String())
	}
	lines := bytes.Split(bytes.TrimRight(out, "\n"), []byte("\n"))
	if len(lines) != len(srcs) {
		t.Fatalf("oracle printed %d lines for %d sources", len(lines), len(srcs))
	}
	return lines
}

// parserImplemented reports whether pyparse.Parse builds trees yet (it was a stub that returns an
// empty module while the parser was being written).
func parserImplemented() bool {
	f, err := pyparse.Parse([]byte("pass\n"))
	return err == nil && len(f.Module.Body) == 1
}

// skipWithoutParser skips a test that needs real trees while pyparse.Parse is still the stub.
func skipWithoutParser(t testing.TB) {
	t.Helper()
	if !parserImplemented() {
		t.Skip("pyparse.Parse is still the placeholder that returns an empty module")
	}
}

// quote shortens a source for test names and messages.
func quote(src string) string {
	if len(src) > 60 {
		src = src[:57] + "..."
	}
	return strings.ReplaceAll(fmt.Sprintf("%q", src), "/", "∕")
}
