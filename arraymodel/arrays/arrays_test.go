package arrays

import (
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// analyze parses src and runs the inference.
func analyze(t *testing.T, src string) (*pyparse.File, *Info) {
	t.Helper()
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Errors) > 0 {
		t.Fatalf("syntax errors in test source: %v", f.Errors)
	}
	return f, Analyze(f, imports.Build(f.Module))
}

// lastName returns the last Store-context Name with the given id (the latest assignment).
func lastName(f *pyparse.File, id string) *ast.Name {
	var out *ast.Name
	ast.Inspect(f.Module, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok && nm.ID == id && nm.Ctx == ast.Store {
			out = nm
		}
		return true
	})
	return out
}

// exprAt returns the outermost expression whose source text is text.
func exprAt(f *pyparse.File, text string) ast.Expr {
	var out ast.Expr
	ast.Inspect(f.Module, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		if e, ok := n.(ast.Expr); ok {
			sp := e.Span()
			if string(f.Src[sp.Start:sp.End]) == text {
				out = e
				return false
			}
		}
		return true
	})
	return out
}

func mustArray(t *testing.T, info *Info, e ast.Expr, what string) *Array {
	t.Helper()
	if e == nil {
		t.Fatalf("%s: expression not found", what)
	}
	a, ok := info.Array(e)
	if !ok {
		t.Fatalf("%s: not inferred as an array", what)
	}
	return a
}

const seedInefficient = `import cupynumeric as np

N = 10_000_000
x = np.random.random(N).astype(np.float32)
y = np.random.random(N).astype(np.float32)

cond_idx = np.nonzero((x < 0.25) & (y > 0.5))

z     = x + y
z_alt = x * y + 1.0

z[cond_idx] = z_alt[cond_idx]

CHUNK = 4096
for s in range(0, N, CHUNK):
    sub = z[s:s+CHUNK]
    gt1 = sub > 1.0
    sub[gt1]  = sub[gt1]  + 2.0
    sub[~gt1] = sub[~gt1] - 2.0
`

func TestSeedProgram(t *testing.T) {
	f, info := analyze(t, seedInefficient)
	x := mustArray(t, info, lastName(f, "x"), "x")
	if x.DType != npapi.Float32 || x.ShapeString() != "(10000000,)" || x.Backend != imports.CuPyNumeric || x.Origin != Fresh {
		t.Errorf("x = %v, want float32(10000000,) fresh cupynumeric", x)
	}
	if n, ok := x.NBytes(); !ok || n != 40_000_000 {
		t.Errorf("x.NBytes() = %d, %v; want 40000000", n, ok)
	}
	inner := mustArray(t, info, exprAt(f, "np.random.random(N)"), "random(N)")
	if inner.DType != npapi.Float64 {
		t.Errorf("random(N) dtype = %v, want float64", inner.DType)
	}
	idx := mustArray(t, info, lastName(f, "cond_idx"), "cond_idx")
	if idx.Role != IndexTuple || idx.Producer == nil || idx.MaskExpr == nil {
		t.Errorf("cond_idx = %+v, want an index tuple with its producer", idx)
	}
	zalt := mustArray(t, info, lastName(f, "z_alt"), "z_alt")
	if zalt.DType != npapi.Float32 {
		t.Errorf("z_alt dtype = %v, want float32 (python float is weak)", zalt.DType)
	}
	sub := mustArray(t, info, lastName(f, "sub"), "sub")
	z := mustArray(t, info, lastName(f, "z"), "z")
	if sub.ShapeString() != "(4096,)" || sub.Origin != View || sub.ViewOf != z {
		t.Errorf("sub = %v (view of z: %v), want a (4096,) view of z", sub, sub.ViewOf == z)
	}
	gt1 := mustArray(t, info, lastName(f, "gt1"), "gt1")
	if gt1.DType != npapi.Bool || gt1.Role != Mask {
		t.Errorf("gt1 = %v, want a bool mask", gt1)
	}
	if v, ok := info.Int(exprAt(f, "CHUNK")); !ok || v != 4096 {
		t.Errorf("CHUNK = %d, %v", v, ok)
	}
}

func TestConstantsAndShapes(t *testing.T) {
	src := `import numpy as np
N = 1024 * 1024 - 2
M = 2**20
a = np.ones((N,), dtype=np.float32)
b = np.zeros((M, 3))
c = b[1:-1]
d = b.T
e = np.arange(10)
g = np.linspace(0, 1, 7, dtype="f4")
h = a[None, :]
k = b.sum(axis=0)
m = b.sum()
r = b.reshape(-1)
p = np.eye(4, dtype=bool)
q = np.full((2, 2), 7)
`
	f, info := analyze(t, src)
	for _, c := range []struct{ name, want string }{
		{"a", "float32(1048574,)"},
		{"b", "float64(1048576, 3)"},
		{"c", "float64(1048574, 3)"},
		{"d", "float64(3, 1048576)"},
		{"e", "int64(10,)"},
		{"g", "float32(7,)"},
		{"h", "float32(1, 1048574)"},
		{"k", "float64(3,)"},
		{"r", "float64(3145728,)"},
		{"p", "bool(4, 4)"},
		{"q", "int64(2, 2)"},
	} {
		a := mustArray(t, info, lastName(f, c.name), c.name)
		if got := a.DType.String() + a.ShapeString(); got != c.want {
			t.Errorf("%s = %s, want %s", c.name, got, c.want)
		}
	}
	if info.IsArray(lastName(f, "m")) {
		t.Errorf("b.sum() without axis is a scalar, not an array")
	}
	if c := mustArray(t, info, lastName(f, "c"), "c"); c.ViewOf == nil || c.Origin != View {
		t.Errorf("c should be a view of b")
	}
}

func TestUnknownStaysUnknown(t *testing.T) {
	src := `import numpy as np
def f(n, x: np.ndarray, k: int):
    a = np.zeros(n)
    b = x + 1
    c = np.load("data.npy")
    for i in range(k):
        a = a[:i]
    return a, b, c
`
	f, info := analyze(t, src)
	a := mustArray(t, info, exprAt(f, "np.zeros(n)"), "zeros(n)")
	if a.Shape[0].Known || a.Shape[0].Sym.String() != "n" {
		t.Errorf("zeros(n) dim = %v, want symbolic n", a.Shape[0])
	}
	if _, ok := a.NBytes(); ok {
		t.Errorf("NBytes of zeros(n) must be unknown")
	}
	b := mustArray(t, info, lastName(f, "b"), "b")
	if b.Shape != nil || b.DType != npapi.NoDType {
		t.Errorf("x + 1 with x of unknown shape = %v, want unknown rank and dtype", b)
	}
	c := mustArray(t, info, lastName(f, "c"), "c")
	if c.Origin != External {
		t.Errorf("np.load origin = %v, want external", c.Origin)
	}
	last := mustArray(t, info, lastName(f, "a"), "a in loop")
	if last.Shape != nil && last.Shape[0].Known {
		t.Errorf("a[:i] in a loop has unknown length, got %v", last)
	}
}

func TestShadowedModule(t *testing.T) {
	src := `import numpy as np
def f(np):
    a = np.zeros(10)
    return a
b = np.zeros(10)
np = None
c = np.zeros(10)
`
	f, info := analyze(t, src)
	// np is a parameter in f that f reads as an array module (np.zeros): the array module as a
	// value, taken as NumPy's API
	if a := mustArray(t, info, lastName(f, "a"), "a"); a.ShapeString() != "(10,)" {
		t.Errorf("a = %s, want float64(10,)", a)
	}
	if !info.IsArray(lastName(f, "b")) {
		t.Errorf("b = np.zeros(10) before np = None must be an array")
	}
	if info.IsArray(lastName(f, "c")) {
		t.Errorf("c = np.zeros(10) after np = None must not be an array")
	}
}

func TestReadAfter(t *testing.T) {
	src := `import numpy as np
b = np.zeros(100)
c = b + 2
d = c + 3
for i in range(3):
    e = d * 2
    d = e
print(d)
`
	f, info := analyze(t, src)
	stmtOf := func(text string) ast.Stmt {
		for _, st := range f.Module.Body {
			if strings.HasPrefix(string(f.Src[st.Span().Start:st.Span().End]), text) {
				return st
			}
		}
		t.Fatalf("no statement %q", text)
		return nil
	}
	if info.ReadAfter(stmtOf("c = b + 2"), "b") {
		t.Errorf("b is not read after c = b + 2")
	}
	if !info.ReadAfter(stmtOf("c = b + 2"), "c") {
		t.Errorf("c is read after c = b + 2")
	}
	loop := stmtOf("for").(*ast.For)
	if !info.ReadAfter(loop.Body[0], "d") {
		t.Errorf("d is read again by the next iteration")
	}
}

func TestControlFlowJoins(t *testing.T) {
	src := `import numpy as np
def f(flag):
    if flag:
        a = np.zeros(10)
    else:
        a = np.zeros(20)
    b = a
    c = np.ones((4, 8), dtype=np.float32)
    for i in range(3):
        c = c[:, :4]
    d = c
    return b, d
`
	f, info := analyze(t, src)
	b := mustArray(t, info, lastName(f, "b"), "b")
	if b.DType != npapi.Float64 || b.Rank() != 1 || b.Shape[0].Known {
		t.Errorf("after if/else with lengths 10 and 20, a = %v; want float64 of unknown length", b)
	}
	d := mustArray(t, info, lastName(f, "d"), "d")
	if d.Rank() != 2 || !d.Shape[0].Known || d.Shape[0].N != 4 || d.Shape[1].Known {
		t.Errorf("after a loop that shrinks c, c = %v; want (4, ?)", d)
	}
}

func TestBroadcastAndPromotion(t *testing.T) {
	src := `import numpy as np
a = np.ones((5, 1), dtype=np.int8)
b = np.ones((1, 7), dtype=np.uint8)
c = a + b
d = a * 1.5
e = np.ones(3, dtype=np.float32) / 2
g = np.arange(6) / np.arange(6)
h = np.where(a > 0, a, 0.5)
`
	f, info := analyze(t, src)
	for _, c := range []struct{ name, want string }{
		{"c", "int16(5, 7)"},
		{"d", "float64(5, 1)"},
		{"e", "float32(3,)"},
		{"g", "float64(6,)"},
		{"h", "float64(5, 1)"},
	} {
		a := mustArray(t, info, lastName(f, c.name), c.name)
		if got := a.DType.String() + a.ShapeString(); got != c.want {
			t.Errorf("%s = %s, want %s", c.name, got, c.want)
		}
	}
}

func TestMayAliasAndCallee(t *testing.T) {
	src := `import numpy as np
def f(keep):
    a = np.zeros(100)
    b = np.zeros(100)
    v = b[10:]
    c = np.zeros(100)
    keep(c)
    d = np.zeros(100)
    d[0] = 1
    e = d.sum()
    a2 = a + 1
    b2 = b + 1
    c2 = c + 1
    d2 = d + 1
    return v, a2, b2, c2, d2, e
`
	f, info := analyze(t, src)
	body := f.Module.Body[1].(*ast.FunctionDef).Body
	stmt := func(prefix string) ast.Stmt {
		for _, st := range body {
			if strings.HasPrefix(string(f.Src[st.Span().Start:st.Span().End]), prefix) {
				return st
			}
		}
		t.Fatalf("no statement %q", prefix)
		return nil
	}
	for _, c := range []struct {
		stmt, name string
		want       bool
	}{
		{"a2 = a + 1", "a", false}, // only read by arithmetic
		{"b2 = b + 1", "b", true},  // a view of b is kept in v
		{"c2 = c + 1", "c", true},  // passed to an unknown function
		{"d2 = d + 1", "d", false}, // subscript store and a reduction keep nothing
	} {
		if got := info.MayAlias(stmt(c.stmt), c.name); got != c.want {
			t.Errorf("MayAlias(%s, %s) = %v, want %v", c.stmt, c.name, got, c.want)
		}
	}
	call := exprAt(f, "d.sum()").(*ast.Call)
	if c, ok := info.Callee(call); !ok || !c.Method || c.Func.Name != "sum" {
		t.Errorf("Callee(d.sum()) = %+v, %v; want the sum method", c, ok)
	}
	if _, ok := info.Callee(exprAt(f, "keep(c)").(*ast.Call)); ok {
		t.Errorf("keep(c) is not an array API call")
	}
}

func TestComprehensions(t *testing.T) {
	f, info := analyze(t, `import numpy as np
N = 1000
def f(sizes, grid):
    rows = [np.zeros((N, 8)).astype(np.float32) for _ in range(4)]
    g = (r.sum() for r in np.ones((3, N)))
    d = {k: np.arange(N) for k in sizes if k}
    s = {float(v) for v in np.ones(N)}
    last = [(m := np.zeros(N)) for _ in range(2)]
    return rows, g, d, s, last, m
`)
	a := mustArray(t, info, exprAt(f, "np.zeros((N, 8))"), "zeros in a list comprehension")
	if n, ok := a.NBytes(); !ok || n != 64000 {
		t.Errorf("zeros((N, 8)) in a comprehension: %d bytes, %v; want 64000", n, ok)
	}
	if r := mustArray(t, info, exprAt(f, "r"), "row of np.ones((3, N))"); r.ShapeString() != "(1000,)" {
		t.Errorf("generator target r: shape %s, want (1000,)", r.ShapeString())
	}
	mustArray(t, info, exprAt(f, "np.arange(N)"), "arange in a dict comprehension")
	if dt, ok := info.Scalar(exprAt(f, "v")); !ok || dt != npapi.Float64 {
		t.Errorf("set comprehension target v: %v, %v; want a float64 scalar", dt, ok)
	}
	// The walrus target binds in the function; the comprehension's own targets do not leak.
	var m *ast.Name
	ast.Inspect(f.Module, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok && nm.ID == "m" && nm.Ctx == ast.Load {
			m = nm
		}
		return true
	})
	mustArray(t, info, m, "walrus target read after the comprehension")
	if info.IsArray(exprAt(f, "rows")) {
		t.Errorf("a list comprehension's value is an array")
	}
}

func TestPolynomialSizes(t *testing.T) {
	f, info := analyze(t, `import numpy as np
def f(n, m: int):
    a = np.zeros(2 * n + 1)
    b = np.zeros((n, m))
    c = a[1:-1]
    d = np.concatenate([a, a])
    e = np.arange(1, n + 1)
    g = np.diff(e)
    h = np.zeros(n // 2 + 1)
    k = np.zeros(1 + n * 2) + a
    s = b.sum(axis=0)
    t = np.outer(e, e)
    u = a[:-1]
    v = np.zeros(len(e) * 3)
    return a, b, c, d, e, g, h, k, s, t, u, v
`)
	for name, want := range map[string]string{
		"a": "(2*n + 1,)",
		"b": "(n, m)",
		"c": "(2*n - 1,)",
		"d": "(4*n + 2,)",
		"e": "(n,)",
		"g": "(n - 1,)",
		"h": "(n//2 + 1,)",
		"k": "(2*n + 1,)",
		"s": "(m,)",
		"t": "(n, n)",
		"u": "(2*n,)",
		"v": "(3*n,)",
	} {
		a := mustArray(t, info, lastName(f, name), name)
		if got := a.ShapeString(); got != want {
			t.Errorf("%s: shape %s, want %s", name, got, want)
		}
	}
	if p := npapi.SizeExpr(mustArray(t, info, lastName(f, "b"), "b").Shape); p.String() != "m*n" {
		t.Errorf("size of b = %s, want m*n", p)
	}
}

func TestArrayModuleFromItsArguments(t *testing.T) {
	f, info := analyze(t, `import cupy
import array_api_compat
def f(x: cupy.ndarray, n):
    xp = cupy.get_array_module(x)
    y = xp.zeros(n, dtype=xp.float32)
    return y
def g(z):
    xp = cupy.get_array_module(z)
    w = xp.zeros(3)
    return w
def h(x: cupy.ndarray):
    ns = array_api_compat.array_namespace(x)
    v = ns.ones((4, 5))
    return v
`)
	y := mustArray(t, info, lastName(f, "y"), "y")
	if y.Backend != imports.CuPy || y.DType != npapi.Float32 || y.ShapeString() != "(n,)" {
		t.Errorf("y = %s, want float32(n,) fresh cupy", y)
	}
	// the module of an argument of unknown type is not known, but the code reads xp as an array
	// module: w is an array (of NumPy's API)
	if w := mustArray(t, info, lastName(f, "w"), "w"); w.ShapeString() != "(3,)" {
		t.Errorf("w = %s, want float64(3,)", w)
	}
	if v := mustArray(t, info, lastName(f, "v"), "v"); v.Backend != imports.CuPy || v.ShapeString() != "(4, 5)" {
		t.Errorf("v = %s, want float64(4, 5) fresh cupy", v)
	}
}

// TestShapeOfInput checks that arrays made from an input's shape of unknown rank compare equal:
// np.zeros(x.shape), np.empty_like(x), x * 2 and np.sqrt(x) all have x's shape; z's differs.
func TestShapeOfInput(t *testing.T) {
	f, info := analyze(t, `import numpy as np
def f(x: np.ndarray, z: np.ndarray):
    k = np.zeros(x.shape)
    e = np.empty_like(x)
    y = x * 2
    r = np.sqrt(x)
    w = np.zeros(z.shape)
    return k, e, y, r, w
`)
	get := func(name string) *Array { return mustArray(t, info, lastName(f, name), name) }
	k := get("k")
	for _, name := range []string{"e", "y", "r"} {
		if !SameShape(k, get(name)) {
			t.Errorf("SameShape(k, %s) = false: both have x's shape (%q, %q)", name, k.ShapeOf, get(name).ShapeOf)
		}
	}
	if SameShape(k, get("w")) {
		t.Errorf("SameShape(k, w) = true: w has z's shape")
	}
}
