package arrays

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// These tests cover the lazy analysis of modules that import no array library: a query about
// any expression must answer as if the whole module had been analysed, whichever is asked first.

func TestLazyIntInNestedScopes(t *testing.T) {
	src := `N = 4096

class C:
    K = N // 2

    def method(self):
        step = 64 * 2
        for i in range(0, N, step):
            pass

        @deco(size=8 * 8)
        def inner():
            return N + 1
        return inner

def outer():
    while True:
        def in_loop():
            m = 3 * 3
            return m
        break
`
	for _, text := range []string{"N + 1", "64 * 2", "8 * 8", "3 * 3", "N // 2"} {
		f, info := analyze(t, src)
		if info.mayArrays {
			t.Fatal("a module without array imports is analysed eagerly")
		}
		// Ask about this expression first, before anything else was analysed.
		e := exprAt(f, text)
		n, ok := info.Int(e)
		want := map[string]int64{"N + 1": 4097, "64 * 2": 128, "8 * 8": 64, "3 * 3": 9, "N // 2": 2048}[text]
		if !ok || n != want {
			t.Errorf("Int(%s) asked first = %d, %v; want %d", text, n, ok, want)
		}
	}
}

func TestLazyDecoratorOfFirstStatement(t *testing.T) {
	// The decorated def is the first statement of the method: its decorator lies before the
	// def's own range, and the method's walk evaluates it.
	src := `class C:
    def method(self):
        @deco(size=8 * 8)
        def inner():
            return 1 + 1
        return inner
`
	f, info := analyze(t, src)
	if n, ok := info.Int(exprAt(f, "1 + 1")); !ok || n != 2 {
		t.Errorf("Int(1 + 1) = %d, %v; want 2", n, ok)
	}
	if n, ok := info.Int(exprAt(f, "8 * 8")); !ok || n != 64 {
		t.Errorf("Int(8 * 8) asked after the scopes around it were walked = %d, %v; want 64", n, ok)
	}
	f, info = analyze(t, src)
	if n, ok := info.Int(exprAt(f, "8 * 8")); !ok || n != 64 {
		t.Errorf("Int(8 * 8) asked first = %d, %v; want 64", n, ok)
	}
}

func TestLazyStepNameSeesLoopState(t *testing.T) {
	src := `def f():
    step = 64 * 2
    for i in range(0, 100, step):
        pass
`
	f, info := analyze(t, src)
	var step ast.Expr
	ast.Inspect(f.Module, func(n ast.Node) bool {
		if c, ok := n.(*ast.Call); ok && len(c.Args) == 3 {
			step = c.Args[2]
		}
		return true
	})
	if n, ok := info.Int(step); !ok || n != 128 {
		t.Errorf("Int(step) = %d, %v; want 128", n, ok)
	}
	if info.IsArray(step) {
		t.Error("an int is an array")
	}
}

func TestStringAnnotationWithoutImportIsArray(t *testing.T) {
	src := `def f(x: "np.ndarray"):
    y = x.T
    return y
`
	f, info := analyze(t, src)
	if !info.mayArrays {
		t.Fatal("a parameter annotated as an array must make the module analysed for arrays")
	}
	if !info.IsArray(lastName(f, "y")) {
		t.Error("x.T of an array parameter is not an array")
	}
}

func TestNoArraysWithoutImports(t *testing.T) {
	src := `def f(x):
    y = x.reshape(4, 4)
    return y.sum()
`
	f, info := analyze(t, src)
	if info.IsArray(lastName(f, "y")) || info.IsGenerator(lastName(f, "y")) {
		t.Error("an unknown value is taken for an array")
	}
}

func TestLazyQueriesConcurrent(t *testing.T) {
	src := `def a():
    n = 2 ** 10
    return n

def b():
    m = 3 * 7
    return m

class C:
    def c(self):
        k = 5 + 5
        return k
`
	f, info := analyze(t, src)
	want := map[string]int64{"2 ** 10": 1024, "3 * 7": 21, "5 + 5": 10}
	var wg sync.WaitGroup
	errs := make(chan string, 30)
	for i := 0; i < 10; i++ {
		for text, v := range want {
			e := exprAt(f, text)
			wg.Add(1)
			go func() {
				defer wg.Done()
				if n, ok := info.Int(e); !ok || n != v {
					errs <- text
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for text := range errs {
		t.Errorf("concurrent Int(%s) wrong", text)
	}
}

// describe is every fact a rule can ask about e, as text.
func describe(info *Info, e ast.Expr) string {
	var b strings.Builder
	if a, ok := info.Array(e); ok {
		fmt.Fprintf(&b, "array %s role %v; ", a, a.Role)
	}
	if n, ok := info.Int(e); ok {
		fmt.Fprintf(&b, "int %d; ", n)
	}
	if d, ok := info.DTypeOf(e); ok {
		fmt.Fprintf(&b, "dtype %v; ", d)
	}
	if info.IsGenerator(e) {
		b.WriteString("generator")
	}
	return b.String()
}

// TestLazyArrayModuleAnswersAsWhole: in a module that imports an array library, a query asked
// first, before any scope ran, answers what it answers once every scope has run, for every
// expression of the module: a function called once runs after its caller, a method after its
// class, a nested function after the function around it (and a top-level function called from
// a nested one after both, which is no circle). A module whose run order is a circle
// (ping calls pong, which calls ping) is analysed whole on its first query.
func TestLazyArrayModuleAnswersAsWhole(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		cyclic    bool
	}{{"acyclic", `import numpy as np

N = 1 << 20

def fill(x):
    y = np.zeros_like(x)
    def inner(z):
        return z * 2 + y
    return inner(y)

class Model:
    scale = np.float32(2)

    def step(self, w):
        v = w.astype(np.float64) * self.scale
        return v.sum(axis=0)

def main():
    a = np.ones((N, 4), dtype=np.float32)
    b = fill(a)
    idx = np.nonzero(a > 0)
    a[idx] = 0
    return Model().step(b)

main()
`, false}, {"nested caller", `import numpy as np

def helper(x):
    return np.zeros_like(x) * 2

def boilerplate(n):
    def decorator(func):
        def wrapper(a):
            return helper(a) + func(a)
        return wrapper
    return decorator

@boilerplate(3)
def kernel(a):
    b = a * 3 + np.ones(a.shape)
    return b.sum(axis=0)

r = kernel(np.ones((1024, 16), dtype=np.float32))
`, false}, {"cyclic", `import numpy as np

def ping(x, n):
    if n:
        return pong(x * 2, n - 1)
    return x

def pong(x, n):
    e = np.zeros_like(x)
    return ping(e + x, n)

r = ping(np.ones((64, 64)), 3)
`, true}} {
		t.Run(tc.name, func(t *testing.T) {
			f, whole := analyze(t, tc.src)
			whole.mu.Lock()
			whole.walkAll()
			whole.mu.Unlock()
			var exprs []ast.Expr
			ast.Inspect(f.Module, func(n ast.Node) bool {
				if e, ok := n.(ast.Expr); ok {
					exprs = append(exprs, e)
				}
				return true
			})
			asked := 0
			for i, e := range exprs {
				want := describe(whole, exprsOf(whole)[i])
				_, first := analyze(t, tc.src)
				got := describe(first, exprsOf(first)[i])
				if got != want {
					sp := e.Span()
					t.Errorf("%q asked first: %q; with every scope run: %q", f.Src[sp.Start:sp.End], got, want)
				}
				if want != "" {
					asked++
				}
			}
			if asked < 10 {
				t.Fatalf("only %d expressions have a fact: the test checks nothing", asked)
			}
			// asked about everything, an acyclic module still runs scope by scope; a query in
			// a circle's scope runs the whole module
			_, first := analyze(t, tc.src)
			for _, e := range exprsOf(first) {
				describe(first, e)
				if first.allWalked {
					break
				}
			}
			if first.allWalked != tc.cyclic {
				t.Errorf("allWalked = %v after the queries, want %v", first.allWalked, tc.cyclic)
			}
		})
	}
}

// exprsOf lists the expressions of info's module in preorder.
func exprsOf(info *Info) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(info.mod, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			out = append(out, e)
		}
		return true
	})
	return out
}

// TestLazyArrayModuleRunsWhatIsAsked: a query about one function runs that function and the
// scopes it waits on, not the module's other functions.
func TestLazyArrayModuleRunsWhatIsAsked(t *testing.T) {
	f, info := analyze(t, `import numpy as np

def one():
    a = np.zeros((8, 8))
    return a

def two():
    b = np.ones((4,))
    return b

class Three:
    def m(self):
        return np.eye(3)
`)
	if !info.IsArray(lastName(f, "a")) {
		t.Fatal("a is not an array")
	}
	if len(info.runs) != 2 {
		t.Errorf("asking about one() ran %d scopes, want 2 (the module and one)", len(info.runs))
	}
}

// TestScopeAt: the scope whose body holds a position, found by halving a list in source order
// and by reading through one out of order; a position between bodies is in none.
func TestScopeAt(t *testing.T) {
	at := func(start, end ast.Offset) pendingScope { return pendingScope{start: start, end: end} }
	sorted := []pendingScope{at(10, 20), at(20, 30), at(40, 50), at(60, 60), at(70, 90)}
	unsorted := []pendingScope{at(40, 50), at(10, 20), at(70, 90), at(20, 30)}
	for _, c := range []struct {
		list   []pendingScope
		sorted bool
		pos    ast.Offset
		want   ast.Offset // the start of the scope found; -1: none
	}{
		{sorted, true, 10, 10}, {sorted, true, 19, 10}, {sorted, true, 20, 20}, {sorted, true, 35, -1},
		{sorted, true, 60, -1}, {sorted, true, 89, 70}, {sorted, true, 90, -1}, {sorted, true, 5, -1},
		{unsorted, false, 15, 10}, {unsorted, false, 45, 40}, {unsorted, false, 25, 20}, {unsorted, false, 35, -1},
	} {
		q, ok := scopeAt(c.list, c.pos, c.sorted)
		got := ast.Offset(-1)
		if ok {
			got = q.start
		}
		if got != c.want {
			t.Errorf("scopeAt(%v, %d) found the scope at %d, want %d", c.list, c.pos, got, c.want)
		}
	}
}
