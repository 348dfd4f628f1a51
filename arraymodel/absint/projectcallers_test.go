package absint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// writeProject writes files (path → source) under a new project root with a pyproject.toml.
func writeProject(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files["pyproject.toml"] = "[project]\nname = \"p\"\n"
	for p, src := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// statedParam asks what the project's callers state for parameter p of the def named def
// (a top-level function, or Class.__init__) in the module at rel.
func statedParam(t *testing.T, root, rel, def, p string) (Stated, bool) {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(rel))
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := pyparse.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	cls, fn, isMethod := strings.Cut(def, ".")
	var target *ast.FunctionDef
	for _, st := range f.Module.Body {
		switch st := st.(type) {
		case *ast.FunctionDef:
			if !isMethod && st.Name == def {
				target = st
			}
		case *ast.ClassDef:
			if isMethod && st.Name == cls {
				for _, b := range st.Body {
					if d, ok := b.(*ast.FunctionDef); ok && d.Name == fn {
						target = d
					}
				}
			}
		}
	}
	if target == nil {
		t.Fatalf("no def %s in %s", def, rel)
	}
	isTest := func(p string) bool { return strings.Contains(filepath.ToSlash(p), "/tests/") }
	pc := NewProjectCallers(nil, CallerRoot("", path), path, f, imports.Build(f.Module), isTest)
	return pc.Param(target, p)
}

func TestProjectCallers(t *testing.T) {
	lib := "import cupy as cp\n\nclass Layer:\n    def __init__(self, d, k=3):\n        self.w = cp.zeros((d, d))\n\n" +
		"def make(n):\n    return cp.zeros(n)\n"
	for _, c := range []struct {
		name      string
		files     map[string]string
		def, p    string
		want      int64
		wantOK    bool
		wantWhere string
	}{
		{"constant of a main block", map[string]string{"pkg/lib.py": lib,
			"main.py": "from pkg.lib import Layer\nif __name__ == '__main__':\n    D = 64\n    Layer(D)\n"},
			"Layer.__init__", "d", 64, true, "`D` at main.py:4, D = 64 at main.py:3"},
		{"default left", map[string]string{"pkg/lib.py": lib,
			"main.py": "from pkg.lib import Layer\nLayer(8)\n"},
			"Layer.__init__", "k", 3, true, "the default of `k` at main.py:2"},
		{"module alias and relative import", map[string]string{"pkg/lib.py": lib, "pkg/__init__.py": "",
			"pkg/run.py": "from . import lib as L\nL.make(16 * 4)\n",
			"app.py":     "import pkg.lib\npkg.lib.make(64)\n"},
			"make", "n", 64, true, ""},
		{"through the caller's parameter", map[string]string{"pkg/lib.py": lib,
			"pkg/mid.py": "from pkg.lib import make\ndef outer(m):\n    return make(m * 2)\n",
			"main.py":    "from pkg.mid import outer\nouter(5)\n"},
			"make", "n", 10, true, ""},
		{"imported constant", map[string]string{"pkg/lib.py": lib, "cfg.py": "WIDTH = 128\n",
			"main.py": "from cfg import WIDTH\nfrom pkg.lib import Layer\nLayer(WIDTH)\n"},
			"Layer.__init__", "d", 128, true, ""},
		{"callers disagree", map[string]string{"pkg/lib.py": lib,
			"a.py": "from pkg.lib import make\nmake(10)\n", "b.py": "from pkg.lib import make\nmake(20)\n"},
			"make", "n", 0, false, ""},
		{"test code is no caller", map[string]string{"pkg/lib.py": lib,
			"a.py": "from pkg.lib import make\nmake(10)\n", "tests/test_lib.py": "from pkg.lib import make\nmake(99)\n"},
			"make", "n", 10, true, ""},
		{"passed on as a value", map[string]string{"pkg/lib.py": lib,
			"a.py": "from pkg.lib import make\nmake(10)\nfs = [make]\n"},
			"make", "n", 0, false, ""},
		{"subclassed", map[string]string{"pkg/lib.py": lib,
			"a.py": "from pkg.lib import Layer\nLayer(10)\nclass Wide(Layer):\n    pass\n"},
			"Layer.__init__", "d", 0, false, ""},
		{"a value the run decides", map[string]string{"pkg/lib.py": lib,
			"a.py": "import sys\nfrom pkg.lib import make\nmake(int(sys.argv[1]))\n"},
			"make", "n", 0, false, ""},
		{"no caller", map[string]string{"pkg/lib.py": lib}, "make", "n", 0, false, ""},
		{"closure of a lambda", map[string]string{"pkg/lib.py": lib,
			"pkg/mid.py": "from pkg.lib import make\ndef outer(m):\n    f = lambda: make(m)\n    return f()\n",
			"main.py":    "from pkg.mid import outer\nouter(7)\n"},
			"make", "n", 7, true, ""},
		{"lambda default the receiver leaves", map[string]string{"pkg/lib.py": lib,
			"pkg/drive.py": "def drive(g, x):\n    def inner(y):\n        return g(y)\n    return inner(x)\n",
			"pkg/mid.py":   "from pkg.lib import make\nfrom pkg import drive as d\ndef outer(x, m):\n    f = lambda y, k=m: make(k)\n    return d.drive(f, x)\n",
			"main.py":      "from pkg.mid import outer\nouter(0, 6)\n"},
			"make", "n", 6, true, ""},
		{"lambda default the receiver passes", map[string]string{"pkg/lib.py": lib,
			"pkg/drive.py": "def drive(g, x):\n    return g(x, 9)\n",
			"pkg/mid.py":   "from pkg.lib import make\nfrom pkg.drive import drive\ndef outer(x, m):\n    f = lambda y, k=m: make(k)\n    return drive(f, x)\n",
			"main.py":      "from pkg.mid import outer\nouter(0, 6)\n"},
			"make", "n", 0, false, ""},
		{"called through a name bound in branches", map[string]string{"pkg/lib.py": lib, "pkg/alt.py": "def wide(a, b):\n    return a\n",
			"main.py": "from pkg import lib, alt\ndef run(kind):\n    if kind:\n        solve = lib.make\n    else:\n        solve = alt.wide\n    if kind:\n        return solve(12)\n    return solve(1, 2)\n"},
			"make", "n", 12, true, ""},
		{"module named in a parenthesised import's later line", map[string]string{"pkg/lib.py": lib, "pkg/__init__.py": "", "pkg/other.py": "",
			"main.py": "from pkg import (\n    other,\n    lib,\n)\nlib.make(32)\n"},
			"make", "n", 32, true, ""},
		{"module named after a backslash continuation", map[string]string{"pkg/lib.py": lib, "pkg/__init__.py": "",
			"main.py": "from pkg \\\n    import lib\nlib.make(24)\n"},
			"make", "n", 24, true, ""},
		{"a name bound to it read otherwise", map[string]string{"pkg/lib.py": lib,
			"main.py": "from pkg import lib\nsolve = lib.make\nsolve(12)\nfs = [solve]\n"},
			"make", "n", 0, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := writeProject(t, c.files)
			got, ok := statedParam(t, root, "pkg/lib.py", c.def, c.p)
			if ok != c.wantOK || ok && got.Value != c.want {
				t.Fatalf("stated %s of %s = %d, %v; want %d, %v (%q)", c.p, c.def, got.Value, ok, c.want, c.wantOK, got.Where)
			}
			if c.wantWhere != "" && got.Where != c.wantWhere {
				t.Errorf("where = %q, want %q", got.Where, c.wantWhere)
			}
		})
	}
}

func TestProjectCallersThroughLinkedModule(t *testing.T) {
	// a caller imports the module through a linked file of another name
	lib := "import cupy as cp\n\ndef make(n):\n    return cp.zeros(n)\n"
	root := writeProject(t, map[string]string{"pkg/lib.py": lib, "main.py": "import alias\nalias.make(48)\n"})
	if err := os.Symlink(filepath.Join(root, "pkg", "lib.py"), filepath.Join(root, "alias.py")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	got, ok := statedParam(t, root, "pkg/lib.py", "make", "n")
	if !ok || got.Value != 48 {
		t.Fatalf("stated n of make = %d, %v; want 48, true (%q)", got.Value, ok, got.Where)
	}
}

func TestImportsMention(t *testing.T) {
	words := [][]byte{[]byte("lib")}
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"import lib\n", true},
		{"from pkg.lib import make\n", true},
		{"from . import (\n    a,\n    lib,\n)\n", true},
		{"from pkg \\\n    import lib\n", true},
		{"from pkg.\\\nlib import make\n", true},
		{"x = 1; import lib as L\n", true},
		{"if ok: from pkg import lib\n", true},
		{"import os\nlib = os.getcwd()\n", false},
		{"import os\n\ndef f(lib):\n    return lib\n", false},
		{"libimport = 1\nimportlib = 2\n", false},
		{"def importer(): pass\nlib = 1\n", false},
		{"", false},
	} {
		if got := importsMention([]byte(c.src), words); got != c.want {
			t.Errorf("importsMention(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}

func TestCallerRootScripts(t *testing.T) {
	// no project marker: the scripts above the file's directory are searched too
	root := t.TempDir()
	for p, src := range map[string]string{"main.py": "", "layers/t.py": ""} {
		full := filepath.Join(root, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, []byte(src), 0o644)
	}
	got := CallerRoot("", filepath.Join(root, "layers", "t.py"))
	if real, _ := filepath.EvalSymlinks(root); got != root && got != real {
		t.Errorf("CallerRoot = %q, want %q", got, root)
	}
}

func TestCallerRootSiblingPackages(t *testing.T) {
	// no module at the top: the file's import of a sibling directory says the scripts run from
	// the directory above
	root := t.TempDir()
	for p, src := range map[string]string{"misc/utils.py": "", "solvers/euler.py": "", "data/make.py": ""} {
		full := filepath.Join(root, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, []byte(src), 0o644)
	}
	file := filepath.Join(root, "solvers", "euler.py")
	real, _ := filepath.EvalSymlinks(root)
	if got := CallerRoot("", file, "jax", "misc"); got != root && got != real {
		t.Errorf("CallerRoot importing misc = %q, want %q", got, root)
	}
	if got := CallerRoot("", file, "jax"); got == root || got == real {
		t.Errorf("CallerRoot importing no sibling = %q, want the file's directory", got)
	}
}

func TestReadsOnly(t *testing.T) {
	harness := "import inspect\n\ndef create(f, name=None):\n    sig = inspect.signature(f)\n    return f\"{f.__name__}{sig}\"\n\n" +
		"def info(f):\n    if hasattr(f, 'INFO'):\n        return getattr(f, 'INFO')\n    return create(f)\n\n" +
		"def runs(f):\n    return f(1)\n\ndef keeps(f):\n    registry.append(f)\n\nregistry = []\n"
	root := writeProject(t, map[string]string{
		"_bench/impl.py":     harness,
		"_bench/__init__.py": "from .impl import info, runs, keeps\n",
		"prog.py":            "from _bench import info, runs, keeps\n\ndef step(n):\n    return n\n\ninfo(step)\nruns(step)\nkeeps(step)\n",
	})
	path := filepath.Join(root, "prog.py")
	src, _ := os.ReadFile(path)
	f, err := pyparse.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	pc := NewProjectCallers(nil, CallerRoot("", path), path, f, imports.Build(f.Module), nil)
	want := map[string]bool{"info": true, "runs": false, "keeps": false}
	for _, st := range f.Module.Body {
		e, ok := st.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call := e.Value.(*ast.Call)
		name := call.Func.(*ast.Name).ID
		if got := pc.ReadsOnly(call, 0); got != want[name] {
			t.Errorf("ReadsOnly(%s(step)) = %v, want %v", name, got, want[name])
		}
	}
}

// TestReadsOnlyKnownTransformation: a callee the tracing tables know to call its function
// (jax.jit) is not read for its source: even a project's own `jax.jit` that only reads its
// argument's name calls it as far as the search is concerned.
func TestReadsOnlyKnownTransformation(t *testing.T) {
	root := writeProject(t, map[string]string{
		"jax/__init__.py": "def jit(f):\n    return f.__name__\n\ndef describe(f):\n    return f.__name__\n",
		"prog.py":         "import jax\n\ndef step(n):\n    return n\n\njax.jit(step)\njax.describe(step)\n",
	})
	path := filepath.Join(root, "prog.py")
	src, _ := os.ReadFile(path)
	f, err := pyparse.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	pc := NewProjectCallers(nil, CallerRoot("", path), path, f, imports.Build(f.Module), nil)
	want := map[string]bool{"jit": false, "describe": true}
	for _, st := range f.Module.Body {
		e, ok := st.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call := e.Value.(*ast.Call)
		name := call.Func.(*ast.Attribute).Attr
		if got := pc.ReadsOnly(call, 0); got != want[name] {
			t.Errorf("ReadsOnly(jax.%s(step)) = %v, want %v", name, got, want[name])
		}
	}
}
