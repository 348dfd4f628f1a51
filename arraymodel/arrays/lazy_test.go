package arrays

import (
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
