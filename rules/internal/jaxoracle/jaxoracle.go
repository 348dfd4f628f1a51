// Package jaxoracle runs Python files under JAX on the CPU for the tests of the JAX rules, so
// each documented behaviour a rule relies on (an error raised while tracing, the bytes donation
// aliases, a program growing with an unrolled loop) is checked against JAX itself.
//
// The interpreter is $ARRAYLINT_JAX_PYTHON, else the repository's .venv-jax/bin/python (made by
// .ci/deps.d/jax.sh), else python3, whichever first imports jax. Without one the tests skip,
// or fail when ARRAYLINT_REQUIRE_TOOLS=1 (CI).
package jaxoracle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	once   sync.Once
	python string
	reason string
)

// Python returns an interpreter that imports jax, or skips t (fails it under
// ARRAYLINT_REQUIRE_TOOLS=1) when there is none.
func Python(t testing.TB) string {
	t.Helper()
	once.Do(find)
	if python == "" {
		if os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" {
			t.Fatalf("%s (ARRAYLINT_REQUIRE_TOOLS=1; run .ci/deps.d/jax.sh)", reason)
		}
		t.Skip(reason)
	}
	return python
}

// find looks for the interpreter once per test binary.
func find() {
	var cands []string
	if p := os.Getenv("ARRAYLINT_JAX_PYTHON"); p != "" {
		cands = append(cands, p)
	}
	if root, err := repoRoot(); err == nil {
		cands = append(cands, filepath.Join(root, ".venv-jax", "bin", "python"))
	}
	cands = append(cands, "python3")
	for _, c := range cands {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		err := exec.CommandContext(ctx, c, "-c", "import jax").Run()
		cancel()
		if err == nil {
			python = c
			return
		}
	}
	reason = "no python with jax: tried " + strings.Join(cands, ", ")
}

// repoRoot is the nearest directory above the working directory that holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("find go.mod: not under a module")
		}
		dir = up
	}
}

// driver loads the file as a module, runs the setup code in its namespace, then evaluates each
// expression: a number, bool or string result is printed as its repr, any other result is
// waited for and printed as "ok", an exception as its class and base classes ("TracerBoolConversionError,ConcretizationTypeError,…").
const driver = `
import importlib.util, json, sys
import jax
path, setup, exprs = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
spec = importlib.util.spec_from_file_location("fixture", path)
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
env = dict(vars(mod))
exec(setup, env)
out = {}
for e in exprs:
    try:
        r = eval(e, env)
        if isinstance(r, (bool, int, float, str)):
            out[e] = repr(r)
        else:
            jax.block_until_ready(r)
            out[e] = "ok"
    except Exception as x:
        out[e] = ",".join(c.__name__ for c in type(x).__mro__ if issubclass(c, Exception))
print(json.dumps(out))
`

// Eval loads the Python file at path under JAX (CPU only), runs setup in its namespace and
// returns, for each expression, its repr (numbers, bools, strings), "ok" (anything else, once
// computed) or the class names of the exception it raised, its own first, then its bases (see
// Raised).
func Eval(t testing.TB, path, setup string, exprs []string) map[string]string {
	t.Helper()
	py := Python(t)
	js, err := json.Marshal(exprs)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "-c", driver, path, setup, string(js))
	cmd.Env = append(os.Environ(), "JAX_PLATFORMS=cpu", "PYTHONDONTWRITEBYTECODE=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("run %s under jax: %v\n%s", path, err, stderr.String())
	}
	out := map[string]string{}
	lines := strings.Split(strings.TrimSpace(string(stdout)), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &out); err != nil {
		t.Fatalf("read results of %s: %v\n%s", path, err, stdout)
	}
	for _, e := range exprs {
		if _, ok := out[e]; !ok {
			t.Fatalf("no result for %q: %s", e, fmt.Sprint(out))
		}
	}
	return out
}

// Raised reports whether an Eval result is an exception of class name or of a subclass of it.
func Raised(result, name string) bool {
	for c := range strings.SplitSeq(result, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// Check compares Eval results with the expected ones: "ok", a repr, or an exception class that
// the raised exception must be or derive from.
func Check(t testing.TB, got, want map[string]string) {
	t.Helper()
	for e, w := range want {
		g := got[e]
		if g == w || w != "ok" && strings.HasSuffix(w, "Error") && Raised(g, w) {
			continue
		}
		t.Errorf("%s gave %s, want %s", e, g, w)
	}
}
