package memory

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/pyparse"
)

// writeTree writes files (path → content) under a new temporary directory and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, src := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// estimateIn estimates the file rel of the project at root.
func estimateIn(t *testing.T, root, rel string, opts Options) map[string]*Report {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(rel))
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if opts.ProjectRoot == "" {
		opts.ProjectRoot = root
	}
	rs, err := EstimateSource(path, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*Report{}
	for _, r := range rs {
		out[r.Scope] = r
	}
	return out
}

const solverSrc = `import numpy as np

SCALE = 2

def step(a, n):
    b = np.zeros((n, n))
    c = a + b
    return c * SCALE

def helper(n):
    return step(np.ones((n, n)), n)
`

const kernelsSrc = `import numpy as np
from .solver import helper

def run(n):
    return helper(n)
`

// TestProjectModules: functions imported from modules of the project — `from pkg.solver import
// step`, `import pkg.kernels as k` whose run calls `from .solver import helper` — are evaluated
// with the caller's arguments, and the peak is the one of the same program in one file, counted
// at the caller's lines.
func TestProjectModules(t *testing.T) {
	mainSrc := `import numpy as np
from mypkg.solver import step
import mypkg.kernels as k

def main(n=1000):
    a = np.ones((n, n))
    r = step(a, n)
    s = k.run(n)
    return r, s

main()
`
	root := writeTree(t, map[string]string{
		"mypkg/__init__.py": "", "mypkg/solver.py": solverSrc, "mypkg/kernels.py": kernelsSrc, "main.py": mainSrc,
	})
	got := estimateIn(t, root, "main.py", Options{})
	// The same program in one file (solver's and kernels' functions pasted above main).
	one := solverSrc + "\n" + strings.Replace(kernelsSrc, "from .solver import helper\n", "", 1) + "\n" +
		strings.NewReplacer("from mypkg.solver import step\n", "", "import mypkg.kernels as k\n", "", "k.run(n)", "run(n)").Replace(mainSrc)
	want := map[string]*Report{}
	for _, r := range estimate(t, one, Options{}) {
		want[r.Scope] = r
	}
	for _, scope := range []string{"<module>", "main"} {
		g, w := got[scope], want[scope]
		if g.PeakBytes != w.PeakBytes || g.PeakBytes != 48_000_000 || g.PeakIsLowerBound || len(g.Unknown) != 0 {
			t.Errorf("%s: peak %d (lower bound %v, unknown %+v), want %d as in one file", scope, g.PeakBytes, g.PeakIsLowerBound, g.Unknown, w.PeakBytes)
		}
	}
	if r := got["main"]; r.PeakLine != 8 {
		t.Errorf("main: peak at line %d, want 8 (the call k.run(n))", r.PeakLine)
	}
	for _, l := range got["main"].LiveAtPeak {
		if l.Line < 6 || l.Line > 8 {
			t.Errorf("live buffer %+v: line not one of main's (6-8)", l)
		}
	}
}

// TestProjectImportedConstant: a constant imported from a project module is a symbol (constant,
// the import's line) that Scale can vary.
func TestProjectImportedConstant(t *testing.T) {
	root := writeTree(t, map[string]string{
		"config.py": "N = 2000\n",
		"main.py":   "import numpy as np\nfrom config import N\n\ndef f():\n    return np.zeros((N, N))\n",
	})
	path := filepath.Join(root, "main.py")
	src, _ := os.ReadFile(path)
	opts := Options{Path: path, ProjectRoot: root, Function: "f"}
	rs, err := EstimateSource(path, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.PeakBytes != 32_000_000 || len(r.Symbols) != 1 || r.Symbols[0] != (Symbol{Name: "N", Value: int64(2000), Source: absint.SourceConstant, Line: 2}) {
		t.Fatalf("peak %d, symbols %+v; want 32000000 with N = 2000 (constant, line 2)", r.PeakBytes, r.Symbols)
	}
	f, err := pyparse.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := Scale(f, opts, rs, ""); err != nil {
		t.Fatal(err)
	}
	if r.PeakExpr != "8*N**2" {
		t.Errorf("peak_expr %q, want 8*N**2", r.PeakExpr)
	}
}

// TestProjectModuleNotRead: a module of the project that does not parse, is too large or is not
// a regular file gives an unknown entry saying why; the estimate is a lower bound.
func TestProjectModuleNotRead(t *testing.T) {
	big := "# " + strings.Repeat("x", absint.MaxProjectFileBytes) + "\n"
	for name, c := range map[string]struct {
		files  map[string]string
		reason string
	}{
		"syntax":    {map[string]string{"lib.py": "def step(a:\n"}, "lib.py, which is not read: syntax error at line 1"},
		"too large": {map[string]string{"lib.py": big}, "lib.py, which is not read: over the 1024 KiB limit"},
	} {
		files := map[string]string{"main.py": "import numpy as np\nfrom lib import step\na = np.ones(1000)\nb = step(a)\n"}
		for k, v := range c.files {
			files[k] = v
		}
		r := estimateIn(t, writeTree(t, files), "main.py", Options{})["<module>"]
		found := false
		for _, u := range r.Unknown {
			if u.Line == 4 && strings.Contains(u.Reason, c.reason) {
				found = true
			}
		}
		if !found || !r.PeakIsLowerBound {
			t.Errorf("%s: unknown %+v, want one on line 4 saying %q", name, r.Unknown, c.reason)
		}
	}
	dir := writeTree(t, map[string]string{"main.py": "import numpy as np\nfrom lib import step\nb = step(np.ones(10))\n"})
	if err := os.Mkdir(filepath.Join(dir, "lib.py"), 0o755); err != nil {
		t.Fatal(err)
	}
	if r := estimateIn(t, dir, "main.py", Options{})["<module>"]; !r.PeakIsLowerBound {
		t.Errorf("a directory named lib.py: %+v", r.Unknown)
	}
}

// TestProjectModuleOutsideRoot: files outside the project root are never read — a relative
// import above it, a symbolic link out of it, or any import when no root is given.
func TestProjectModuleOutsideRoot(t *testing.T) {
	outer := writeTree(t, map[string]string{
		"lib.py":               "import numpy as np\ndef step(n):\n    return np.ones(n)\n",
		"proj/pkg/__init__.py": "",
		"proj/pkg/main.py":     "from ...lib import step\nx = step(1000)\n",
		"proj/top.py":          "from lib import step\nx = step(1000)\n",
	})
	if err := os.Symlink(filepath.Join(outer, "lib.py"), filepath.Join(outer, "proj", "linked.py")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outer, "proj", "viaLink.py"), []byte("from linked import step\nx = step(1000)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(outer, "proj")
	for _, rel := range []string{"pkg/main.py", "top.py", "viaLink.py"} {
		if r := estimateIn(t, root, rel, Options{})["<module>"]; r.PeakBytes != 0 {
			t.Errorf("%s: peak %d, want 0: lib.py is outside the project", rel, r.PeakBytes)
		}
	}
	// The same import inside the root is read; with no root, nothing is.
	if r := estimateIn(t, outer, "proj/pkg/main.py", Options{})["<module>"]; r.PeakBytes != 8000 {
		t.Errorf("root %s: peak %d, want 8000", outer, r.PeakBytes)
	}
	path := filepath.Join(outer, "proj", "pkg", "main.py")
	src, _ := os.ReadFile(path)
	rs, err := EstimateSource(path, src, Options{})
	if err != nil || rs[0].PeakBytes != 0 {
		t.Errorf("no project root: peak %d (%v), want 0", rs[0].PeakBytes, err)
	}
}

// TestProjectModuleBounds: mutual recursion across modules ends; a chain of more modules than
// one estimate reads is cut with an unknown entry.
func TestProjectModuleBounds(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a.py":    "import numpy as np\nfrom b import g\ndef f(n):\n    x = np.ones(n)\n    return g(n)\n",
		"b.py":    "from a import f\ndef g(n):\n    return f(n)\n",
		"main.py": "from a import f\ny = f(1000)\n",
	})
	r := estimateIn(t, root, "main.py", Options{})["<module>"]
	if r.PeakBytes != 8000 || len(r.Unknown) != 1 || r.Unknown[0].Reason != "recursive call of f not followed" || r.Unknown[0].Line != 2 {
		t.Errorf("a.f → b.g → a.f: peak %d, unknown %+v; want 8000 and the recursive call listed at line 2", r.PeakBytes, r.Unknown)
	}
	var main strings.Builder
	files := map[string]string{}
	const modules = absint.MaxProjectFiles + 4
	for i := range modules {
		fmt.Fprintf(&main, "from m%d import f as f%d\ny%d = f%d(1000)\n", i, i, i, i)
		files[fmt.Sprintf("m%d.py", i)] = "import numpy as np\ndef f(n):\n    return np.ones(n)\n"
	}
	files["main.py"] = main.String()
	r = estimateIn(t, writeTree(t, files), "main.py", Options{})["<module>"]
	if !r.PeakIsLowerBound || r.PeakBytes != absint.MaxProjectFiles*8000 || !strings.Contains(fmt.Sprint(r.Unknown), fmt.Sprintf("more than %d project modules", absint.MaxProjectFiles)) {
		t.Errorf("%d modules: peak %d, unknown %+v; want %d modules read and the rest unknown", modules, r.PeakBytes, r.Unknown, absint.MaxProjectFiles)
	}
}

// TestProjectModuleChanged: a module edited between two estimates is read again.
func TestProjectModuleChanged(t *testing.T) {
	root := writeTree(t, map[string]string{
		"lib.py":  "import numpy as np\ndef step(n):\n    return np.ones(n)\n",
		"main.py": "from lib import step\nx = step(1000)\n",
	})
	if r := estimateIn(t, root, "main.py", Options{})["<module>"]; r.PeakBytes != 8000 {
		t.Fatalf("peak %d, want 8000", r.PeakBytes)
	}
	if err := os.WriteFile(filepath.Join(root, "lib.py"), []byte("import numpy as np\ndef step(n):\n    return np.ones((n, 2))\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := estimateIn(t, root, "main.py", Options{})["<module>"]; r.PeakBytes != 16000 {
		t.Errorf("after the edit: peak %d, want 16000", r.PeakBytes)
	}
}

// TestDeepCallsListed: a call nested deeper than absint.MaxCallDepth is listed as unknown, not dropped.
func TestDeepCallsListed(t *testing.T) {
	var b strings.Builder
	b.WriteString("import numpy as np\n")
	for i := range absint.MaxCallDepth + 2 {
		fmt.Fprintf(&b, "def f%d(n):\n    return f%d(n)\n", i, i+1)
	}
	fmt.Fprintf(&b, "def f%d(n):\n    return np.ones(n)\n", absint.MaxCallDepth+2)
	b.WriteString("x = f0(1000)\n")
	r := estimate(t, b.String(), Options{})[0]
	want := fmt.Sprintf("more than %d nested calls", absint.MaxCallDepth)
	if !r.PeakIsLowerBound || len(r.Unknown) != 1 || !strings.Contains(r.Unknown[0].Reason, want) {
		t.Errorf("unknown %+v, want one saying %q", r.Unknown, want)
	}
}

// TestProjectModulesConcurrent: estimates running at once (check's workers, the server) share
// the parse cache and agree.
func TestProjectModulesConcurrent(t *testing.T) {
	root := writeTree(t, map[string]string{
		"mypkg/__init__.py": "", "mypkg/solver.py": solverSrc, "mypkg/kernels.py": kernelsSrc,
		"main.py": "import mypkg.kernels as k\nx = k.run(1000)\n",
	})
	path := filepath.Join(root, "main.py")
	src, _ := os.ReadFile(path)
	const n = 8
	peaks := make(chan int64, n)
	for range n {
		go func() {
			rs, err := EstimateSource(path, src, Options{ProjectRoot: root})
			if err != nil {
				peaks <- -1
				return
			}
			peaks <- rs[0].PeakBytes
		}()
	}
	for range n {
		if p := <-peaks; p != 32_000_000 {
			t.Errorf("peak %d, want 32000000", p)
		}
	}
}

// TestProjectStepBudget: a scope that has run absint.MaxProjectSteps statements of other modules
// follows no more calls into them, and says so.
func TestProjectStepBudget(t *testing.T) {
	var lib strings.Builder
	lib.WriteString("import numpy as np\ndef work(n):\n    for i in range(64):\n")
	for i := range 10 {
		fmt.Fprintf(&lib, "        v%d = %d\n", i, i)
	}
	lib.WriteString("    return np.ones(n)\n")
	root := writeTree(t, map[string]string{
		"lib.py":  lib.String(),
		"main.py": "from lib import work\na = work(1000)\nb = work(1000)\n",
	})
	r := estimateIn(t, root, "main.py", Options{})["<module>"]
	want := fmt.Sprintf("the scope ran %d statements of other modules already", absint.MaxProjectSteps)
	if r.PeakBytes != 8000 || len(r.Unknown) != 1 || r.Unknown[0].Line != 3 || !strings.Contains(r.Unknown[0].Reason, want) {
		t.Errorf("peak %d, unknown %+v; want 8000 (the first call) and the second call at line 3 saying %q", r.PeakBytes, r.Unknown, want)
	}
}

// TestProjectNamespacePackage: a package directory without __init__.py (a namespace package)
// holds its modules: `import ns.kern` then `ns.kern.run`, and `from ns import kern`.
func TestProjectNamespacePackage(t *testing.T) {
	root := writeTree(t, map[string]string{
		"ns/kern.py": "import numpy as np\ndef run(n):\n    return np.ones(n)\n",
		"a.py":       "import ns.kern\nx = ns.kern.run(1000)\n",
		"b.py":       "from ns import kern\nx = kern.run(1000)\n",
	})
	for _, f := range []string{"a.py", "b.py"} {
		if r := estimateIn(t, root, f, Options{})["<module>"]; r.PeakBytes != 8000 || r.PeakIsLowerBound {
			t.Errorf("%s: peak %d (lower bound %v, %+v), want 8000", f, r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
		}
	}
}

// TestProjectModuleCallsBack: a nested function of the analysed file handed to a project
// module's function, which calls it, runs in the analysed file (its source, its names), as a
// nested function of a project module runs in that module wherever it is called: the estimate is
// the one of the same program in one file.
func TestProjectModuleCallsBack(t *testing.T) {
	harness := `import numpy as np

def repeat(func, niters, *args):
    i = 0
    while i < niters:
        func(*args)
        i += 1

def scaler():
    import numpy as hnp
    def scale(a):
        return hnp.multiply(a, 2.0)
    return scale
`
	mainSrc := `import numpy as np
from harness import repeat, scaler

def main(n=1000):
    grid = np.zeros((n, n))

    def step(g):
        c = g[1:-1, 1:-1]
        t = np.multiply(c, 0.5)
        c[:] = t

    repeat(step, 2, grid)
    s = scaler()
    big = s(grid)
    return big
`
	root := writeTree(t, map[string]string{"harness.py": harness, "main.py": mainSrc})
	got := estimateIn(t, root, "main.py", Options{})["main"]
	one := harness + "\n" + strings.Replace(mainSrc, "from harness import repeat, scaler\n", "", 1)
	want := byScope(estimate(t, one, Options{}))["main"]
	if got.PeakBytes != want.PeakBytes || got.PeakBytes < 15_968_032 || got.PeakIsLowerBound || len(got.Unknown) != 0 {
		t.Errorf("peak %d (lower bound %v, unknown %+v), want %d as in one file", got.PeakBytes, got.PeakIsLowerBound, got.Unknown, want.PeakBytes)
	}
}
