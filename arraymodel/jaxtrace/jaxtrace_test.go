package jaxtrace

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

func build(t *testing.T, src string) (*Info, *pyparse.File) {
	t.Helper()
	f, err := pyparse.Parse([]byte(src))
	if err != nil || len(f.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, f.Errors)
	}
	return Build(f.Module, imports.Build(f.Module)), f
}

// describe renders each traced function as "name: kinds; static=…; donate=…; traced=…".
func describe(info *Info) []string {
	var out []string
	for _, f := range info.Funcs() {
		name := "<lambda>"
		switch d := f.Node.(type) {
		case *ast.FunctionDef:
			name = d.Name
		case *ast.AsyncFunctionDef:
			name = d.Name
		}
		var ts []string
		for _, t := range f.Transforms {
			s := t.Qual
			if len(t.StaticNums)+len(t.StaticNames) > 0 {
				s += fmt.Sprintf(" static=%v%v", t.StaticNums, t.StaticNames)
			}
			if len(t.DonateNums)+len(t.DonateNames) > 0 {
				s += fmt.Sprintf(" donate=%v%v", t.DonateNums, t.DonateNames)
			}
			if t.OptsUnknown {
				s += " opts?"
			}
			ts = append(ts, s)
		}
		if f.Outer != nil {
			ts = append(ts, "nested")
		}
		if f.Caller != nil {
			ts = append(ts, "called")
		}
		var traced []string
		for n := range f.traced {
			traced = append(traced, n)
		}
		slices.Sort(traced)
		out = append(out, fmt.Sprintf("%s: %s; traced=%s; compiled=%v", name, strings.Join(ts, ","), strings.Join(traced, ","), f.Compiled()))
	}
	return out
}

func TestBuildTransforms(t *testing.T) {
	src := `
import functools
from functools import partial
import jax
import jax.numpy as jnp
from jax import jit, lax, vmap
from jax.experimental.pjit import pjit

@jax.jit
def a(x, y):
    z = x + 1
    n = x.shape[0]
    return z

@partial(jax.jit, static_argnums=(1,), donate_argnums=0)
def b(x, k):
    return x * k

@functools.partial(jit, static_argnames="mode")
def c(x, mode):
    return x

def d_impl(params, opt_state, batch):
    def body(i, carry):
        return carry
    return lax.fori_loop(0, 10, body, params)

d = jax.jit(d_impl, donate_argnums=(0, 1))

def loss(p, x):
    return jnp.sum(p * x)

g = jax.jit(jax.value_and_grad(loss))
h = jax.vmap(lambda v: v * 2)

def e(x, n):
    return x

e_j = jax.jit(e, static_argnums=STATIC)

@jax.jit(static_argnames=("n",))
def f(x, n):
    return x

def untouched(x):
    return x

p = pjit(untouched)

import equinox as eqx

@eqx.filter_jit
def solve(y0, n):
    return y0
`
	info, _ := build(t, src)
	got := describe(info)
	want := []string{
		"a: jax.jit; traced=x,y,z; compiled=true",
		"b: jax.jit static=[1][] donate=[0][]; traced=x; compiled=true",
		"c: jax.jit static=[][mode]; traced=x; compiled=true",
		"d_impl: jax.jit donate=[0 1][]; traced=batch,opt_state,params; compiled=true",
		"body: jax.lax.fori_loop; traced=batch,carry,i,opt_state,params; compiled=true",
		"loss: jax.jit; traced=p,x; compiled=true",
		"<lambda>: jax.vmap; traced=v; compiled=false",
		"e: jax.jit opts?; traced=; compiled=true",
		"f: jax.jit static=[][n]; traced=x; compiled=true",
		"untouched: jax.experimental.pjit.pjit; traced=x; compiled=true",
		"solve: equinox.filter_jit opts?; traced=; compiled=true",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestTracedSkipsShapes(t *testing.T) {
	src := `
import jax

@jax.jit
def f(x):
    n = x.shape[0]
    m = len(x)
    y = x[0]
    for i in range(n):
        y = y + i
    return y
`
	info, _ := build(t, src)
	got := describe(info)
	want := []string{"f: jax.jit; traced=x,y; compiled=true"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if len(info.Loops()) != 1 {
		t.Errorf("loops = %d, want 1", len(info.Loops()))
	}
}

func TestNoJaxImport(t *testing.T) {
	info, _ := build(t, "from numba import jit\n@jit\ndef f(x):\n    for i in range(1000):\n        pass\n")
	if len(info.Funcs()) != 0 || len(info.Loops()) != 0 {
		t.Errorf("numba's jit traced: %v", describe(info))
	}
}

func TestCallee(t *testing.T) {
	src := `
import jax
from functools import partial

def train_step(params, opt_state, batch):
    return params, opt_state

step = jax.jit(train_step, donate_argnums=(0,))

@jax.jit
def plain(params, batch):
    return params

class Trainer:
    def __init__(self):
        self.step = jax.jit(self._step)
        self.update2 = jax.jit(self.update2, donate_argnums=0)

    def update2(self, params):
        return params

    def _step(self, params, batch):
        return params

    @partial(jax.jit, static_argnums=0)
    def update(self, params, batch):
        return params

    def fit(self, params, batch):
        params = self.step(params, batch)
        params = self.update(params, batch)
        params = self.update2(params)
        return params

def rebound(params, batch):
    return params


rebound = jax.jit(rebound, donate_argnums=1)


def loop(params, opt_state, batch):
    params, opt_state = step(params, opt_state, batch)
    params = rebound(params, batch)
    params = plain(params, batch)
    params = jax.jit(train_step)(params, opt_state, batch)
    params = other(params)
    return params
`
	info, f := build(t, src)
	var got []string
	ast.Inspect(f.Module, func(n ast.Node) bool {
		c, ok := n.(*ast.Call)
		if !ok {
			return true
		}
		fn, tr, shift, ok := info.Callee(c)
		if !ok {
			return true
		}
		sp := c.Func.Span()
		name := "?"
		if fn != nil {
			name = fn.Params[0]
		}
		got = append(got, fmt.Sprintf("%s -> %s donate=%v shift=%d tshift=%d", f.Src[sp.Start:sp.End], name, tr.DonateNums, shift, tr.Shift))
		return true
	})
	want := []string{
		"self.step -> self donate=[] shift=1 tshift=1",
		"self.update -> self donate=[] shift=1 tshift=0",
		"self.update2 -> self donate=[0] shift=1 tshift=1",
		"step -> params donate=[0] shift=0 tshift=0",
		"rebound -> params donate=[1] shift=0 tshift=0",
		"plain -> params donate=[] shift=0 tshift=0",
		"jax.jit(train_step) -> params donate=[] shift=0 tshift=0",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCalledHelpers(t *testing.T) {
	src := `
import jax
import jax.numpy as jnp

def leaf(v):
    return v

def helper(v, n):
    def inner(w):
        return leaf(w)
    return inner(v)

class M:
    def norm(self, v):
        return v

    @jax.jit
    def apply(self, x):
        return helper(self.norm(x), 3)

def eager_only(v):
    return v

def main(x):
    return eager_only(x)
`
	info, _ := build(t, src)
	got := describe(info)
	want := []string{
		"leaf: called; traced=; compiled=true",
		"helper: called; traced=; compiled=true",
		"inner: nested; traced=; compiled=true",
		"norm: called; traced=; compiled=true",
		"apply: jax.jit; traced=x; compiled=true",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestRunsLoop(t *testing.T) {
	src := `
import jax
from jax import lax

@jax.jit
def update(params, batch):
    return params - batch.mean()

@jax.jit
def rollout(state):
    return lax.scan(lambda c, _: (c + 1, c), state, None, 128)

@jax.jit
def unrolled(x):
    for _ in range(8):
        x = x * 2
    return x

@jax.jit
def evaluate(params):
    def body(i, acc):
        return acc + params[i]
    return jax.lax.fori_loop(0, 10, body, 0.0)
`
	info, _ := build(t, src)
	got := map[string]bool{}
	for _, f := range info.Funcs() {
		if d, ok := f.Node.(*ast.FunctionDef); ok {
			got[d.Name] = info.RunsLoop(f)
		}
	}
	want := map[string]bool{"update": false, "rollout": true, "unrolled": true, "evaluate": true}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("RunsLoop(%s) = %v, want %v", name, got[name], w)
		}
	}
	if info.RunsLoop(nil) {
		t.Error("RunsLoop(nil) = true")
	}
}

// Staged: a jitted def, a def nested in one and a scan body are staged into an XLA program
// wherever they are called from; a module helper a jitted def calls is not (only that call is),
// nor is a def vmap alone traces.
func TestStaged(t *testing.T) {
	info, f := build(t, `import jax
from jax import lax

def helper(x):
    return x + 1

@jax.jit
def step(x):
    def inner(y):
        return y * 2
    return helper(inner(x))

def body(c, x):
    return c + x, c

def run(xs):
    return lax.scan(body, 0.0, xs)

def per_row(r):
    return r * 2

batched = jax.vmap(per_row)
`)
	want := map[string]bool{"helper": false, "step": true, "inner": true, "body": true, "per_row": false}
	got := map[string]bool{}
	ast.Inspect(f.Module, func(n ast.Node) bool {
		if d, ok := n.(*ast.FunctionDef); ok {
			if fn := info.Func(d); fn != nil {
				got[d.Name] = fn.Staged()
			}
		}
		return true
	})
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: staged %v, want %v", name, got[name], w)
		}
	}
}

func TestDefaultNotPassedIsNotTraced(t *testing.T) {
	src := `
import jax

@jax.jit
def f(x, flag=True, scale=2.0, *, k=1):
    return x

@jax.jit
def g(x, flag=True):
    return x

@jax.jit
def h(x, flag=True):
    return x

def use(x, kw):
    f(x, scale=3.0)
    g(x, False)
    h(x, **kw)
`
	info, _ := build(t, src)
	got := describe(info)
	// f's flag and k are left at their defaults by every call; g's flag is passed by position,
	// and h's may be passed through **kw
	want := []string{
		"f: jax.jit; traced=scale,x; compiled=true",
		"g: jax.jit; traced=flag,x; compiled=true",
		"h: jax.jit; traced=flag,x; compiled=true",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
