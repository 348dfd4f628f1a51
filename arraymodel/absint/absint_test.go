package absint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// recorder is a Heap that logs what the interpreter tells it.
type recorder struct {
	NoHeap
	log []string
}

func (r *recorder) Allocate(in *Interp, o *Obj, lazy bool) {
	r.log = append(r.log, fmt.Sprintf("alloc %s %s line %d", o.Label(), o.Shape(), in.Line()))
}

func (r *recorder) Release(in *Interp, o *Obj) {
	r.log = append(r.log, fmt.Sprintf("free %s line %d", o.Label(), in.Line()))
}

func (r *recorder) Bound(_ *Interp, o *Obj, name string) {
	r.log = append(r.log, "bind "+name+" "+o.Label())
}

func parse(t *testing.T, src string) *pyparse.File {
	t.Helper()
	f, err := pyparse.Parse([]byte(src))
	if err != nil || len(f.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, f.Errors)
	}
	return f
}

func TestHeapHooksFollowReferences(t *testing.T) {
	f := parse(t, `import numpy as np
a = np.zeros(10)
b = a + 1
c = b[2:]
del a
del b
c = None
`)
	h := &recorder{}
	New(Config{File: f, Heap: h}).RunModule()
	want := []string{
		"alloc np.zeros(10) (10,) line 2",
		"bind a np.zeros(10)", // named at the allocation, so a peak reached by it names it
		"bind a np.zeros(10)", // and bound when the assignment completes
		"alloc a + 1 (10,) line 3",
		"bind b a + 1",
		"bind b a + 1",
		"free np.zeros(10) line 5", // del a: its last reference
		// del b: c, a view of b, keeps b's data alive
		"free a + 1 line 7", // c = None drops the view, and with it b
	}
	if got := strings.Join(h.log, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("heap log:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// observed runs src's function f in explore mode and returns the values seen at each
// expression, keyed by source text (later visits join into earlier ones).
func observed(t *testing.T, src string) map[string]ValueInfo {
	t.Helper()
	f := parse(t, src)
	seen := map[ast.Expr]Value{}
	var order []ast.Expr
	cfg := Config{File: f, Strategy: Explore, Observe: func(e ast.Expr, v Value) {
		if old, ok := seen[e]; ok {
			v = JoinValues(old, v)
		} else {
			order = append(order, e)
		}
		seen[e] = v
	}}
	for _, st := range f.Module.Body {
		if def, ok := st.(*ast.FunctionDef); ok {
			New(cfg).RunFunction(def)
		}
	}
	out := map[string]ValueInfo{}
	for _, e := range order {
		sp := e.Span()
		out[string(f.Src[sp.Start:sp.End])] = Inspect(seen[e])
	}
	return out
}

func shapeOf(t *testing.T, vals map[string]ValueInfo, text string) string {
	t.Helper()
	v, ok := vals[text]
	if !ok {
		t.Fatalf("%s: not evaluated", text)
	}
	if v.Kind != KArray {
		t.Fatalf("%s: kind %d, not an array", text, v.Kind)
	}
	return v.Obj.Shape().String() + " " + v.Obj.DType().String()
}

func TestExploreJoinsPaths(t *testing.T) {
	vals := observed(t, `import numpy as np
def f(c, n):
    if c:
        x = np.zeros((3, 4))
    else:
        x = np.ones((5, 4))
    y = x * 2
    for i in range(10):
        z = np.zeros(i)
    w = np.zeros(2 * n + 1)
    k = 7 if c else 7
    m = 7 if c else 8
    return y, z, w, k, m
`)
	if got := shapeOf(t, vals, "x * 2"); got != "(?, 4) float64" {
		t.Errorf("after an if that binds (3, 4) or (5, 4): %s, want (?, 4) float64", got)
	}
	if got := shapeOf(t, vals, "np.zeros(i)"); got != "(?,) float64" {
		t.Errorf("zeros(i) over the loop: %s, want (?,) float64", got)
	}
	w := vals["np.zeros(2 * n + 1)"]
	if w.Kind != KArray || w.Obj.Shape().Dims[0].Sym.String() != "2*n + 1" {
		t.Errorf("zeros(2 * n + 1) with n a parameter: %+v", w)
	}
	if k := vals["7 if c else 7"]; k.Kind != KInt || !k.Known || k.Int != 7 {
		t.Errorf("7 if c else 7 = %+v, want the known int 7", k)
	}
	if m := vals["7 if c else 8"]; m.Kind != KInt || m.Known {
		t.Errorf("7 if c else 8 = %+v, want an unknown int", m)
	}
}

func TestExploreRunsHandlersCasesAndComprehensions(t *testing.T) {
	vals := observed(t, `import numpy as np
def f(items, v):
    try:
        a = np.zeros(3)
    except ValueError:
        b = np.ones(5)
    match v:
        case 1:
            c = np.empty(6)
    rows = [np.zeros(8) for _ in items]
    return a, b, c, rows
`)
	for text, want := range map[string]string{
		"np.ones(5)":  "(5,) float64",
		"np.empty(6)": "(6,) float64",
		"np.zeros(8)": "(8,) float64",
	} {
		if got := shapeOf(t, vals, text); got != want {
			t.Errorf("%s: %s, want %s", text, got, want)
		}
	}
}

func TestFollowModeTakesOnePath(t *testing.T) {
	// A run that follows the program (the memory estimate) takes the branch a known condition
	// selects, and does not evaluate the other.
	f := parse(t, `import numpy as np
N = 0
if N:
    a = np.zeros(100)
else:
    a = np.zeros(3)
`)
	h := &recorder{}
	New(Config{File: f, Heap: h}).RunModule()
	if got := strings.Join(h.log, "; "); strings.Contains(got, "zeros(100)") || !strings.Contains(got, "alloc np.zeros(3)") {
		t.Errorf("heap log %q: want only the else branch's allocation", got)
	}
}

func TestFloatScalarsBecomeSizes(t *testing.T) {
	vals := observed(t, `import math
import numpy as np
from math import floor
def f(w, k):
    n = 800
    a = np.arange(0, 1, 1. / n)
    b = np.arange(0., 20, 0.1)
    cell = 0.025 / np.sqrt(2)
    rows = int(np.ceil(1.0 / cell))
    c = np.zeros((rows, int(2.9), round(2.5), round(3.5)))
    d = np.ones((math.ceil(7 / 2), floor(1.5 * 3), int(max(2, 1.5 * 2)), -int(-2.5), 3 ** -1 * 6))
    e = np.zeros((int(w), int(2 * math.pi)))
    g = np.arange(0, k, 0.5)
    h = np.linspace(0, 1, int(1e3))
    return a, b, c, d, e, g, h
`)
	for text, want := range map[string]string{
		"np.arange(0, 1, 1. / n)":                            "(800,) float64",
		"np.arange(0., 20, 0.1)":                             "(200,) float64",
		"np.zeros((rows, int(2.9), round(2.5), round(3.5)))": "(57, 2, 2, 4) float64",
		// a float is no size (NumPy raises): 3 ** -1 * 6 is 2.0
		"np.ones((math.ceil(7 / 2), floor(1.5 * 3), int(max(2, 1.5 * 2)), -int(-2.5), 3 ** -1 * 6))": "(4, 4, 3, 2, ?) float64",
		"np.zeros((int(w), int(2 * math.pi)))":                                                       "(?, 6) float64",
		"np.arange(0, k, 0.5)":                                                                       "(?,) unknown", // k may be a float: the dtype is not known
		"np.linspace(0, 1, int(1e3))":                                                                "(1000,) float64",
	} {
		if got := shapeOf(t, vals, text); got != want {
			t.Errorf("%s: %s, want %s", text, got, want)
		}
	}
	if v := vals["0.025 / np.sqrt(2)"]; v.Kind != KFloat || !v.Known || v.Float < 0.0176 || v.Float > 0.0177 {
		t.Errorf("0.025 / np.sqrt(2) = %+v, want the known float 0.01767…", v)
	}
}

func TestGridSubscripts(t *testing.T) {
	vals := observed(t, `import numpy as np
def f(n: int):
    g = np.mgrid[0:n, 0:10]
    xi, yi = g
    p = xi + 1
    x, y = np.ogrid[0:1:5j, 0:4]
    q = x * y
    return p, q
`)
	for text, want := range map[string]string{
		"np.mgrid[0:n, 0:10]": "(2, ?, 10) int64",
		"xi + 1":              "(?, 10) int64",
		"x * y":               "(5, 4) float64",
	} {
		if got := shapeOf(t, vals, text); got != want {
			t.Errorf("%s: %s, want %s", text, got, want)
		}
	}
	if d := vals["xi + 1"].Obj.Shape().Dims[0]; d.Sym.String() != "n" {
		t.Errorf("xi + 1: first dimension %v, want n", d)
	}
}

func TestLambdasRunLikeLocalFunctions(t *testing.T) {
	f := parse(t, `import numpy as np
def make(n):
    w = np.ones(n)
    return lambda x: x * w
def f(n):
    a = np.ones(n)
    sq = lambda x: np.sqrt(x) + 1
    b = sq(a)
    late = make(n)
    c = late(a)
f(7)
`)
	h := &recorder{}
	New(Config{File: f, Heap: h}).RunModule()
	got := strings.Join(h.log, "\n")
	for _, want := range []string{
		"alloc np.sqrt(x) (7,) line 11", // the lambda's temporaries, at the call's line of the scope
		"alloc np.sqrt(x) + 1 (7,) line 11",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("heap log lacks %q:\n%s", want, got)
		}
	}
	// make's frame is gone when late runs: its w is not read from there (x * w is unknown)
	if strings.Contains(got, "alloc x * w (7,)") {
		t.Errorf("a closure read a returned function's local:\n%s", got)
	}
}

func TestRaiseInTryRunsItsHandler(t *testing.T) {
	// `raise ImportError` in a try takes its fallback: the handler that catches it runs, and the
	// code after the try too; a raise no handler catches ends the scope.
	f := parse(t, `import numpy as np
try:
    raise ImportError
    a = np.zeros(100)
except (KeyError, ImportError) as e:
    a = np.zeros(3)
try:
    raise ValueError("x")
except KeyError:
    b = np.zeros(5)
except Exception:
    b = np.zeros(6)
c = np.zeros(7)
try:
    raise KeyError
except ValueError:
    d = np.zeros(8)
e = np.zeros(9)
`)
	h := &recorder{}
	New(Config{File: f, Heap: h}).RunModule()
	got := strings.Join(h.log, "; ")
	for _, want := range []string{"alloc np.zeros(3)", "alloc np.zeros(6)", "alloc np.zeros(7)"} {
		if !strings.Contains(got, want) {
			t.Errorf("heap log lacks %q: %s", want, got)
		}
	}
	for _, not := range []string{"zeros(100)", "zeros(5)", "zeros(8)", "zeros(9)"} {
		if strings.Contains(got, not) {
			t.Errorf("heap log has %q: %s", not, got)
		}
	}
}

func TestRowMajorViewsRavelWithoutCopy(t *testing.T) {
	f := parse(t, `import numpy as np
a = np.ones((4, 5, 6))
b = a[1].ravel()
c = a[1, 2:4].ravel()
d = a[1:3, :, :].ravel()
e = a[:, 0].ravel()
g = a[1, :, 2:].ravel()
`)
	h := &recorder{}
	New(Config{File: f, Heap: h}).RunModule()
	got := strings.Join(h.log, "; ")
	for _, view := range []string{"a[1].ravel()", "a[1, 2:4].ravel()", "a[1:3, :, :].ravel()"} {
		if strings.Contains(got, "alloc "+view) {
			t.Errorf("%s copied: %s", view, got)
		}
	}
	for _, copied := range []string{"a[:, 0].ravel()", "a[1, :, 2:].ravel()"} {
		if !strings.Contains(got, "alloc "+copied) {
			t.Errorf("%s did not copy: %s", copied, got)
		}
	}
}

func TestKindsDecideComparisons(t *testing.T) {
	// `==` on known strings and `is None` on values that are or cannot be None are decided, so a
	// run that follows the program takes the branch it takes (scan.py's `if dt == "int"`).
	vals := observed(t, `import numpy as np
def f(x):
    dt = "int"
    out = None
    a = np.zeros(3)
    c1 = dt == "int"
    c2 = dt != "int"
    c3 = out is None
    c4 = a is not None
    c5 = a is None
    c6 = x is None
    return c1, c2, c3, c4, c5, c6
`)
	for text, want := range map[string]int64{
		`dt == "int"`: 1, `dt != "int"`: 0, "out is None": 1, "a is not None": 1, "a is None": 0,
	} {
		if v := vals[text]; v.Kind != KInt || !v.Known || v.Int != want {
			t.Errorf("%s = %+v, want %d", text, v, want)
		}
	}
	if v := vals["x is None"]; v.Known {
		t.Errorf("x is None = %+v for a parameter x: want unknown", v)
	}
}

func TestReversedRangesRepeatedTuplesAndGetattr(t *testing.T) {
	vals := observed(t, `import numpy as np
def f(a):
    n = 6
    for t in reversed(range(n)):
        row = np.zeros(t + 1)
    shape = (n,) * 3
    c = np.zeros(shape)
    d = getattr(np, "ones")((2, n))
    return row, c, d
`)
	for text, want := range map[string]string{
		"np.zeros(t + 1)":             "(?,) float64", // 6 on the first pass, 1 on the last: joined
		"np.zeros(shape)":             "(6, 6, 6) float64",
		`getattr(np, "ones")((2, n))`: "(2, 6) float64",
	} {
		if got := shapeOf(t, vals, text); got != want {
			t.Errorf("%s: %s, want %s", text, got, want)
		}
	}
	if v := vals["t"]; v.Kind != KInt {
		t.Errorf("t of reversed(range(n)): %+v, want an int", v)
	}
}

func TestReversedRangesAndLists(t *testing.T) {
	f := parse(t, `import numpy as np
for t in reversed(range(1, 10, 3)):
    w = np.ones(t)
xs = [np.zeros(2), np.zeros(5)]
for x in reversed(xs):
    v = x + 1
for t in reversed(range(0)):
    u = np.ones(99)
`)
	h := &recorder{}
	New(Config{File: f, Heap: h}).RunModule()
	var got []string
	for _, l := range h.log {
		if strings.HasPrefix(l, "alloc np.ones(t)") || strings.HasPrefix(l, "alloc x + 1") || strings.Contains(l, "ones(99)") {
			got = append(got, strings.Fields(l)[len(strings.Fields(l))-3])
		}
	}
	if want := "(7,) (4,) (1,) (5,) (2,)"; strings.Join(got, " ") != want {
		t.Errorf("shapes in order %q, want %q\n%s", strings.Join(got, " "), want, strings.Join(h.log, "\n"))
	}
}

func TestComparisonsOfStringsNoneAndMembers(t *testing.T) {
	// Each decided test takes one branch: only the allocations of size 1 run.
	f := parse(t, `import numpy as np
def f(dt, ax, n):
    if dt == "int":
        a = np.zeros(1)
    else:
        a = np.zeros(100)
    if ax is None:
        b = np.zeros(1)
    else:
        b = np.zeros(101)
    if n is not None and "t" in dt and n in (3, 4):
        c = np.zeros(1)
    else:
        c = np.zeros(102)
    if f"{dt}" == "int":
        d = np.zeros(103)
    if n not in [3, 4]:
        e = np.zeros(104)
    return a, b, c, d
f("int", None, 4)
`)
	h := &recorder{}
	New(Config{File: f, Heap: h}).RunModule()
	got := strings.Join(h.log, "; ")
	for _, n := range []string{"100", "101", "102", "104"} {
		if strings.Contains(got, "np.zeros("+n+")") {
			t.Errorf("np.zeros(%s) ran: %s", n, got)
		}
	}
	// an f-string's text is not known: its branch is not decided
	if !strings.Contains(got, "np.zeros(103)") {
		t.Errorf("the f-string's branch did not run: %s", got)
	}
}

func TestMixedScalarArithmetic(t *testing.T) {
	vals := observed(t, `import numpy as np
def f(n, x):
    a = np.ones(n, dtype=np.float32)
    b = np.ones(n) + 1j * np.ones(n)
    c = b - b.real.min() - 1j * b.imag.min()
    d = a * (a.max() + 1.0)
    e = a * (x + 1.0j)
    return c, d, e
`)
	for text, want := range map[string]string{
		// NumPy's float64 scalar times a Python complex is a NumPy complex: the array stays complex
		"b - b.real.min() - 1j * b.imag.min()": "(?,) complex128",
		// a NumPy float32 scalar plus a Python float stays a float32 scalar, weak against the array
		"a * (a.max() + 1.0)": "(?,) float32",
		"a * (x + 1.0j)":      "? unknown", // x may be an array of any shape and dtype
	} {
		if got := shapeOf(t, vals, text); got != want {
			t.Errorf("%s: %s, want %s", text, got, want)
		}
	}
}

func TestReduceAndProd(t *testing.T) {
	vals := observed(t, `import functools
import math
import operator
from functools import reduce
import numpy as np
def f():
    n = 5
    shape = (n, 3, 4)
    a = np.zeros(functools.reduce(operator.mul, shape))
    b = np.zeros(math.prod(shape))
    c = np.zeros(reduce(operator.add, [n, 2], 1))
    d = np.zeros(operator.add(n, 1))
    e = np.zeros(reduce(operator.mul, []))
    return a, b, c, d, e
`)
	for text, want := range map[string]string{
		"np.zeros(functools.reduce(operator.mul, shape))": "(60,) float64",
		"np.zeros(math.prod(shape))":                      "(60,) float64",
		"np.zeros(reduce(operator.add, [n, 2], 1))":       "(8,) float64",
		"np.zeros(operator.add(n, 1))":                    "(6,) float64",
		"np.zeros(reduce(operator.mul, []))":              "? float64", // Python raises
	} {
		if got := shapeOf(t, vals, text); got != want {
			t.Errorf("%s: %s, want %s", text, got, want)
		}
	}
}

// TestPreorderWithAndWithoutInspector checks that fileState.preorder visits the same nodes, in
// the same order, through the shared Inspector and through the tree walk it falls back to.
func TestPreorderWithAndWithoutInspector(t *testing.T) {
	f := parse(t, "a = f(1)\ndef g():\n    b = h(2)\n    class C:\n        c = 3\n    return [d := 4 for _ in ()]\nx, y = 1, 2\n")
	visit := func(fs *fileState) []string {
		var got []string
		fs.preorder(f.Module, func(n ast.Node) {
			got = append(got, fmt.Sprintf("%T@%d", n, n.Span().Start))
		}, (*ast.Assign)(nil), (*ast.NamedExpr)(nil))
		return got
	}
	with := visit(&fileState{inspector: ast.NewInspector(f.Module)})
	without := visit(&fileState{})
	if want := "[*ast.Assign@0 *ast.Assign@22 *ast.Assign@52 *ast.NamedExpr@70 *ast.Assign@90]"; fmt.Sprint(with) != want || fmt.Sprint(without) != want {
		t.Errorf("with the Inspector %v, without %v; want %s", with, without, want)
	}
}
