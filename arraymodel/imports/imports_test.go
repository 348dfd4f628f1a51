package imports

import (
	"slices"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// resolveAll parses src and resolves every Attribute/Name expression whose source text is in
// texts, returning "qual backend" (or "-" when unresolved) for the last occurrence of each.
func resolveAll(t *testing.T, src string) (func(text string, nth int) string, *Info) {
	t.Helper()
	f, err := pyparse.Parse([]byte(src))
	if err != nil || len(f.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, f.Errors)
	}
	info := Build(f.Module)
	return func(text string, nth int) string {
		var hits []ast.Expr
		ast.Inspect(f.Module, func(n ast.Node) bool {
			switch e := n.(type) {
			case *ast.Name, *ast.Attribute:
				sp := e.Span()
				if string(f.Src[sp.Start:sp.End]) == text {
					hits = append(hits, e.(ast.Expr))
					return false
				}
			}
			return true
		})
		if nth >= len(hits) {
			t.Fatalf("%q occurrence %d not found (have %d)", text, nth, len(hits))
		}
		r, ok := info.Resolve(hits[nth])
		if !ok {
			return "-"
		}
		return r.Qual + " " + r.API + " " + r.Backend.String()
	}, info
}

func TestResolve(t *testing.T) {
	src := `import numpy as np
import cupy as cp
import cupynumeric as cn
import jax.numpy as jnp
import jax
import numpy.random as npr
import numpy.linalg
from numpy import nonzero, putmask
from numpy import random as rnd
from . import local
try:
    import cupy as xp
except ImportError:
    import numpy as xp

np.random.random
cp.zeros
cn.arange
jnp.ones
jax.random.normal
jax.numpy.zeros
npr.random
numpy.linalg.norm
nonzero
putmask
rnd.default_rng
xp.zeros
local.zeros
`
	r, _ := resolveAll(t, src)
	for _, c := range []struct{ text, want string }{
		{"np.random.random", "numpy.random.random random.random numpy"},
		{"cp.zeros", "cupy.zeros zeros cupy"},
		{"cn.arange", "cupynumeric.arange arange cupynumeric"},
		{"jnp.ones", "jax.numpy.ones ones jax"},
		{"jax.random.normal", "jax.random.normal jax.random.normal jax"},
		{"jax.numpy.zeros", "jax.numpy.zeros zeros jax"},
		{"npr.random", "numpy.random.random random.random numpy"},
		{"numpy.linalg.norm", "numpy.linalg.norm linalg.norm numpy"},
		{"nonzero", "numpy.nonzero nonzero numpy"},
		{"putmask", "numpy.putmask putmask numpy"},
		{"rnd.default_rng", "numpy.random.default_rng random.default_rng numpy"},
		{"xp.zeros", "cupy.zeros zeros numpy|cupy"},
		{"local.zeros", "-"},
	} {
		if got := r(c.text, 0); got != c.want {
			t.Errorf("%s resolves to %q, want %q", c.text, got, c.want)
		}
	}
}

func TestShadowing(t *testing.T) {
	src := `import numpy as np

def param(np):
    return np.zeros

def local():
    np = make()
    return np.zeros

def inner():
    return np.zeros

def comp():
    return [np.zeros for np in range(3)]

def uses_global():
    global np
    return np.zeros

class C:
    np = None
    def method(self):
        return np.zeros

a = np.zeros
np = None
b = np.zeros
`
	r, _ := resolveAll(t, src)
	for _, c := range []struct {
		nth  int
		want string
	}{
		{0, "-"},                       // parameter np
		{1, "-"},                       // local np
		{2, "-"},                       // module np is also bound to None: unknown from a function
		{3, "-"},                       // comprehension variable
		{4, "-"},                       // global np: mixed bindings
		{5, "-"},                       // method sees the module np, which is mixed
		{6, "numpy.zeros zeros numpy"}, // before np = None
		{7, "-"},                       // after np = None
	} {
		if got := r("np.zeros", c.nth); got != c.want {
			t.Errorf("np.zeros #%d resolves to %q, want %q", c.nth, got, c.want)
		}
	}
}

func TestFunctionSeesModuleImport(t *testing.T) {
	src := `import numpy as np

def f():
    return np.zeros

class C:
    np = None
    def m(self):
        return np.zeros

def g():
    import cupy as np
    return np.zeros
`
	r, info := resolveAll(t, src)
	if got := r("np.zeros", 0); got != "numpy.zeros zeros numpy" {
		t.Errorf("function: %q", got)
	}
	if got := r("np.zeros", 1); got != "numpy.zeros zeros numpy" {
		t.Errorf("a class attribute does not shadow names in methods: %q", got)
	}
	if got := r("np.zeros", 2); got != "cupy.zeros zeros cupy" {
		t.Errorf("local import: %q", got)
	}
	if b := info.Backends(); b != NumPy|CuPy {
		t.Errorf("Backends() = %v, want numpy|cupy", b)
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		qual, api string
		b         Backend
		ok        bool
	}{
		{"numpy", "", NumPy, true},
		{"numpy.fft.fft", "fft.fft", NumPy, true},
		{"numpyx.zeros", "", Unknown, false},
		{"legate.numpy.zeros", "zeros", CuPyNumeric, true},
		{"cunumeric.zeros", "zeros", CuPyNumeric, true},
		{"jax", "jax", JAX, true},
		{"torch.zeros", "", Unknown, false},
		{"scipy.ndimage.gaussian_filter", "scipy.ndimage.gaussian_filter", NumPy, true},
		{"scipy.signal", "scipy.signal", NumPy, true},
		{"scipy.integrate.odeint", "scipy.integrate.odeint", NumPy, true},
		{"scipy.integrated", "", Unknown, false},
		{"scipy.linalg.eigvals", "scipy.linalg.eigvals", NumPy, true},
		{"scipy.sparse.spdiags", "scipy.sparse.spdiags", NumPy, true},
		{"scipy.sparse.linalg.spsolve", "scipy.sparse.linalg.spsolve", NumPy, true},
		{"cupyx.scipy.ndimage.zoom", "", Unknown, false},
		{"jax.scipy.signal.convolve2d", "jax.scipy.signal.convolve2d", JAX, true},
		{"jax.scipy.special.erf", "jax.scipy.special.erf", JAX, true},
		{"scipy", "", Unknown, false},
		{"scipy.optimize.minimize", "", Unknown, false},
		{"scipy.ndimagex", "", Unknown, false},
		{"numpy.core.numeric.asarray", "asarray", NumPy, true},
		{"numpy._core.umath.sqrt", "sqrt", NumPy, true},
		{"numpy.core.add.reduce", "add.reduce", NumPy, true},
		{"numpy.core.atleast_1d", "atleast_1d", NumPy, true},
		{"numpy.core.numeric", "core.numeric", NumPy, true},
		{"numpy.core", "core", NumPy, true},
		{"cupy._core.core", "_core.core", CuPy, true},
	} {
		b, api, ok := Classify(c.qual)
		if b != c.b || api != c.api || ok != c.ok {
			t.Errorf("Classify(%q) = %v %q %v, want %v %q %v", c.qual, b, api, ok, c.b, c.api, c.ok)
		}
	}
	if !CuPy.Device() || (NumPy | CuPy).Device() || Unknown.Device() {
		t.Errorf("Device() is wrong")
	}
}

func TestMemberAPIMatchesClassify(t *testing.T) {
	bases := []string{"numpy", "numpy.random", "numpy.linalg.lapack", "cupy", "cupy.fft", "cupynumeric",
		"cunumeric", "legate.numpy", "legate.numpy.random", "jax", "jax.numpy", "jax.numpy.linalg", "jax.random", "jax.lax",
		"scipy.ndimage", "scipy.signal.windows", "jax.scipy", "jax.scipy.signal",
		"numpy.core", "numpy.core.numeric", "numpy._core.umath", "numpy.core.add", "cupy._core"}
	for _, q := range bases {
		b, api, ok := Classify(q)
		if !ok {
			t.Fatalf("Classify(%q) failed", q)
		}
		base := Ref{Qual: q, API: api, Backend: b}
		for _, attr := range []string{"zeros", "numpy", "random", "linalg", "lax", "ndarray", "signal", "numeric", "reduce"} {
			qual := q + "." + attr
			_, want, _ := Classify(qual)
			if got := memberAPI(base, attr, qual); got != want {
				t.Errorf("memberAPI(%q, %q) = %q, Classify gives %q", q, attr, got, want)
			}
		}
	}
}

func TestNamespaceFunctions(t *testing.T) {
	f, err := pyparse.Parse([]byte("import cupy\nimport array_api_compat as aac\nfrom array_api_compat import get_namespace\ncupy.get_array_module\naac.array_namespace\nget_namespace\naac.size\n"))
	if err != nil {
		t.Fatal(err)
	}
	info := Build(f.Module)
	want := []struct {
		fallback Backend
		ok       bool
	}{{CuPy, true}, {NumPy, true}, {NumPy, true}, {Unknown, false}}
	for i, st := range f.Module.Body[3:] {
		ref, ok := info.Resolve(st.(*ast.ExprStmt).Value)
		if !ok {
			t.Fatalf("statement %d does not resolve", i+4)
		}
		fb, isNS := Namespace(ref)
		if fb != want[i].fallback || isNS != want[i].ok {
			t.Errorf("%s: Namespace = %v, %v; want %v, %v", ref.Qual, fb, isNS, want[i].fallback, want[i].ok)
		}
	}
	if b := info.Backends(); b != CuPy {
		t.Errorf("Backends = %v: importing array_api_compat must not add a library", b)
	}
	for b, qual := range map[Backend]string{NumPy: "numpy", CuPy: "cupy", CuPyNumeric: "cupynumeric", JAX: "jax.numpy"} {
		if r, ok := ModuleRef(b); !ok || r.Qual != qual || r.Backend != b || r.API != "" {
			t.Errorf("ModuleRef(%v) = %+v, %v", b, r, ok)
		}
	}
	if _, ok := ModuleRef(NumPy | CuPy); ok {
		t.Errorf("ModuleRef of two libraries is one module")
	}
}

func TestImportPath(t *testing.T) {
	src := `import math
import os.path
from math import ceil as c
import json
json = None
def f(math):
    return math
a, b, d, e = math, os, c, json
`
	f, err := pyparse.Parse([]byte(src))
	if err != nil || len(f.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, f.Errors)
	}
	info := Build(f.Module)
	got := map[string]string{}
	ast.Inspect(f.Module, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok && nm.Ctx == ast.Load {
			p, ok := info.ImportPath(nm)
			if !ok {
				p = "-"
			}
			got[nm.ID+"@"+string(rune('0'+f.Lines.Line(nm.Start)))] = p
		}
		return true
	})
	for k, want := range map[string]string{
		"math@8": "math",
		"os@8":   "os",
		"c@8":    "math.ceil",
		"json@8": "-", // also bound by an assignment
		"math@7": "-", // a parameter
	} {
		if got[k] != want {
			t.Errorf("%s: %q, want %q", k, got[k], want)
		}
	}
}

// TestOptionalImports: an import of a module that is not an array library, in the body of a try
// whose handler catches a failed import and binds a name the body binds, is taken to fail, so a name it binds resolves through the
// fallback's binding, in functions too; an array library's import is not optional, and a try
// that does not catch ImportError makes nothing optional.
func TestOptionalImports(t *testing.T) {
	src := `try:
    import numpy_force as numpy
    fast = True
except ImportError:
    import numpy as numpy
try:
    from ._accel import xp
except (ImportError, AttributeError):
    import numpy as xp
try:
    import cupy as gp
except ImportError:
    import numpy as gp
try:
    import other as np2
except KeyError:
    import numpy as np2
try:
    import pandas as pd
except ImportError:
    pytest.skip("needs pandas")
try:
    import numba
    HAVE_NUMBA = True
except ModuleNotFoundError:
    HAVE_NUMBA = False

def f():
    return numpy.zeros, xp.ones, gp.empty, np2.full
`
	r, _ := resolveAll(t, src)
	for text, want := range map[string]string{
		"numpy.zeros": "numpy.zeros zeros numpy",
		"xp.ones":     "numpy.ones ones numpy",
		"gp.empty":    "cupy.empty empty numpy|cupy",
		"np2.full":    "-",
	} {
		if got := r(text, 0); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
	f, _ := pyparse.Parse([]byte(src))
	mod := Build(f.Module)
	var got []string
	ast.Inspect(f.Module, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && mod.Optional(st) {
			sp := st.Span()
			got = append(got, string(f.Src[sp.Start:sp.End]))
		}
		return true
	})
	// pandas is required (its handler binds nothing the body binds); numba's handler is a
	// fallback (it binds the body's flag)
	if want := []string{"import numpy_force as numpy", "from ._accel import xp", "import numba"}; !slices.Equal(got, want) {
		t.Errorf("optional statements %q, want %q", got, want)
	}
}

// TestModuleValue checks that a name the code reads as an array module, and never binds by an
// import, a def or a class, is one: a parameter or a local, by what the code does with it.
func TestModuleValue(t *testing.T) {
	f, err := pyparse.Parse([]byte(`import numpy
def run(np, n, D):
    return np.random.random(n).astype(D)
def two(xp, a):
    return xp.exp(xp.asarray(a))
def funcs(lst, a):
    lst.insert(0, a)
    lst.append(a)
    return lst
def one(df):
    return df.where(df > 0)
def param(p):
    return p.default is p.empty
def method(self, n):
    return self.zeros(n)
def arr(x):
    return x.sum() + x.T
if __name__ == "__main__":
    lib = harness.np
    dt = lib.float32
`))
	if err != nil {
		t.Fatal(err)
	}
	info := Build(f.Module)
	scope := func(name string) *Scope {
		for n, s := range info.Scopes {
			if d, ok := n.(*ast.FunctionDef); ok && d.Name == name {
				return s
			}
		}
		return nil
	}
	for _, c := range []struct {
		scope *Scope
		name  string
		want  bool
	}{
		{scope("run"), "np", true},  // a random draw through it
		{scope("two"), "xp", true},  // two functions only a module has
		{scope("one"), "df", false}, // one such function: a DataFrame's where
		{scope("method"), "self", false},
		{scope("arr"), "x", false}, // array methods and attributes
		{info.Root, "lib", true},   // a dtype read off it
		{scope("run"), "n", false},
	} {
		if _, got := info.ModuleValue(c.scope, c.name); got != c.want {
			t.Errorf("ModuleValue(%s) = %v, want %v", c.name, got, c.want)
		}
	}
	if !info.TakesModule() {
		t.Errorf("TakesModule() = false")
	}
}
