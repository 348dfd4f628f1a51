package memory

import (
	"strings"
	"testing"
)

// The XLA accounting of jitted functions (arraymodel/absint/xla.go). Each case's expected bytes
// are XLA's own: jax.jit(f).lower(*ShapeDtypeStructs).compile().memory_analysis() on the CPU
// backend, jax 0.10.2 / jaxlib 0.10.2 (bench/truth/jaxtruth.py xla …; bench/truth/results/jax.md),
// argument_size_in_bytes, output_size_in_bytes, temp_size_in_bytes and alias_size_in_bytes. The
// tests need no JAX: the figures are written here.

const xlaHeader = "import jax\nimport jax.numpy as jnp\nfrom functools import partial\nfrom jax import lax\n\n"

// xlaProgramOf estimates src and returns the module's accounting of the program fn.
func xlaProgramOf(t *testing.T, src, fn string) (*Report, XLAProgram) {
	t.Helper()
	r := estimate(t, xlaHeader+src, Options{Backend: BackendJAX})[0]
	for _, p := range r.XLA {
		if p.Func == fn && p.Call > 0 {
			return r, p
		}
	}
	t.Fatalf("no XLA program of %s in the module's report: %+v", fn, r.XLA)
	return nil, XLAProgram{}
}

func TestXLAAccounting(t *testing.T) {
	const mib = 1 << 20
	cases := []struct {
		name, src, fn string
		// XLA's figures
		args, out, temp, alias int64
	}{
		{"element-wise chain fused", `
@jax.jit
def f(x):
    return jnp.sqrt(jnp.abs(x * 2.0 + 1.0)) - x

x = jnp.zeros((1024, 1024))
y = f(x)
`, "f", 4 * mib, 4 * mib, 0, 0},
		{"named intermediates fused", `
@jax.jit
def f(x, w, y):
    pred = jnp.tanh(x @ w)
    err = pred - y
    return err * err

x = jnp.zeros((1024, 1024))
y = f(x, x, x)
`, "f", 4 * mib, 4 * mib, 0, 0}, // x passed three times: one argument buffer
		{"a matmul's operand is written out", `
@jax.jit
def f(x, w):
    return jax.nn.relu(x @ w) @ w

x = jnp.zeros((1024, 1024))
w = jnp.zeros((1024, 1024))
y = f(x, w)
`, "f", 8 * mib, 4 * mib, 4 * mib, 0},
		{"a matmul fused into its reduction", `
@jax.jit
def f(x, w):
    return jnp.mean(jnp.tanh(x @ w))

x = jnp.zeros((1024, 1024))
w = jnp.zeros((1024, 1024))
y = f(x, w)
`, "f", 8 * mib, 0, 0, 0}, // XLA: 4 B of output, a scalar (not an array here)
		{"two reductions of one value keep it", `
@jax.jit
def f(x):
    e = jnp.exp(x)
    return e.sum(0) + e.sum(1)

x = jnp.zeros((1024, 1024))
y = f(x)
`, "f", 4 * mib, 4096, 4 * mib, 0}, // XLA: temp 4,198,400 B (the first sum's 4 KiB too)
		{"logsumexp reads its input twice", `
@jax.jit
def f(x):
    return jax.nn.logsumexp(jax.nn.gelu(x), axis=1)

x = jnp.zeros((1024, 1024))
y = f(x)
`, "f", 4 * mib, 4096, 4 * mib, 0}, // XLA: temp 4,198,400 B (the row maxima's 4 KiB too)
		{"donated argument aliased", `
@partial(jax.jit, donate_argnums=(0, 1))
def f(w, g):
    return w - 0.01 * g

w = jnp.zeros((1024, 1024))
g = jnp.zeros((1024, 1024))
w = f(w, g)
`, "f", 8 * mib, 4 * mib, 0, 4 * mib},
		{"donate_argnames", `
@partial(jax.jit, donate_argnames=("x",))
def f(x):
    return x * 0.9 + 1.0

x = jnp.zeros((1024, 1024))
x = f(x)
`, "f", 4 * mib, 4 * mib, 0, 4 * mib},
		{"PRNG bits of a float32 draw", `
@jax.jit
def f(key, x):
    return jax.random.normal(key, x.shape)

x = jnp.zeros((1024, 1024))
y = f(jax.random.PRNGKey(0), x)
`, "f", 0, 4 * mib, 12 * mib, 0}, // x is read for its shape only: jit drops it (keep_unused=False); the key's 8 B are not an array here
		{"PRNG bits of a bfloat16 draw, then a matmul (the XProf seed's program)", `
@jax.jit
def f():
    a = jax.random.normal(jax.random.PRNGKey(1), (4096, 4096), dtype=jnp.bfloat16)
    return a @ a

y = f()
`, "f", 0, 32 * mib, 256 * mib, 0},
		{"scan: ys an output, the carry a temporary", `
@jax.jit
def f(xs):
    def body(carry, x):
        carry = carry + x
        return carry, carry
    _, ys = lax.scan(body, jnp.zeros_like(xs[0]), xs)
    return ys

xs = jnp.zeros((64, 128, 128))
y = f(xs)
`, "f", 4 * mib, 4 * mib, 64 << 10, 0},
		{"fori_loop: the carry is the output", `
@jax.jit
def f(x):
    return lax.fori_loop(0, 10, lambda i, v: v * 0.5 + 1.0, x)

x = jnp.zeros((1024, 1024))
y = f(x)
`, "f", 4 * mib, 4 * mib, 0, 0}, // XLA: temp 129 B (the loop counter)
		{"cumsum keeps partial sums", `
@jax.jit
def f(x):
    return jnp.cumsum(x, axis=0)

x = jnp.zeros((1024, 1024))
y = f(x)
`, "f", 4 * mib, 4 * mib, 4 * mib, 0}, // XLA: temp 4,476,928 B (within 7 %)
		{"a fusion reads a matmul's operands when it runs (a pytree of parameters)", `
@jax.jit
def predict(params, inputs):
    activations = inputs
    for w, b in params[:-1]:
        outputs = jnp.dot(activations, w) + b
        activations = jnp.tanh(outputs)
    final_w, final_b = params[-1]
    logits = jnp.dot(activations, final_w) + final_b
    return logits - jax.nn.logsumexp(logits, axis=1, keepdims=True)

params = [(jnp.zeros((784, 1024)), jnp.zeros((1024,))), (jnp.zeros((1024, 1024)), jnp.zeros((1024,))), (jnp.zeros((1024, 10)), jnp.zeros((10,)))]
y = predict(params, jnp.zeros((128, 784)))
`, "predict", 7856168, 5120, 1 * mib, 0}, // jax's examples/mnist_classifier_fromscratch.py predict (logsumexp from jax.nn here)
		{"a convolution writes a layout of its own beside its result", `
@jax.jit
def f(x, k):
    return lax.conv_general_dilated(x, k, (1, 1), "SAME")

y = f(jnp.zeros((8, 3, 64, 64)), jnp.zeros((16, 3, 3, 3)))
`, "f", 394944, 2 * mib, 2 * mib, 0}, // XLA: temp 2,098,176 B
		{"vmap: one batched matmul", `
@jax.jit
def f(m, vs):
    return jax.vmap(lambda v: m @ v)(vs)

y = f(jnp.zeros((512, 512)), jnp.zeros((256, 512)))
`, "f", 1536 << 10, 512 << 10, 0, 0},
		{"grad: the activation kept for the backward pass", `
def loss(w, x, y):
    return jnp.mean((jnp.tanh(x @ w) - y) ** 2)

@jax.jit
def step(w, x, y):
    g = jax.grad(loss)(w, x, y)
    return w - 0.1 * g

y = step(jnp.zeros((256, 128)), jnp.zeros((1024, 256)), jnp.zeros((1024, 128)))
`, "step", 1664 << 10, 128 << 10, 512 << 10, 0},
		{"grad through jax.checkpoint of a 4-layer chain", `
def deep(x, w):
    for _ in range(4):
        x = jnp.tanh(x @ w)
    return jnp.sum(x)

@jax.jit
def f(x, w):
    return jax.grad(jax.checkpoint(deep), argnums=1)(x, w)

y = f(jnp.zeros((1024, 256)), jnp.zeros((256, 256)))
`, "f", 1280 << 10, 256 << 10, 5 * mib, 0}, // XLA: temp 5,505,024 B (5 MiB and 256 KiB), with and without checkpoint
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, p := xlaProgramOf(t, c.src, c.fn)
			if p.ArgumentBytes != c.args || p.OutputBytes != c.out || p.TempBytes != c.temp || p.AliasBytes != c.alias {
				t.Errorf("arguments %d, outputs %d, temporaries %d, aliased %d; XLA: %d, %d, %d, %d",
					p.ArgumentBytes, p.OutputBytes, p.TempBytes, p.AliasBytes, c.args, c.out, c.temp, c.alias)
			}
			if want := c.args + c.out + c.temp - c.alias; p.TotalBytes != want {
				t.Errorf("total %d B, want %d B", p.TotalBytes, want)
			}
		})
	}
}

// The donation rule (AL107) and the estimate agree: a step that returns arrays of its
// arguments' shapes shows what donating them would save, and once they are donated the estimate
// drops by exactly that.
func TestXLADonationAgreesWithEstimate(t *testing.T) {
	const step = `
def step(params, grads):
    return params - 0.01 * grads

params = jnp.zeros((1024, 1024))
grads = jnp.zeros((1024, 1024))
params = step(params, grads)
`
	plain, p := xlaProgramOf(t, "@jax.jit"+step, "step")
	donated, d := xlaProgramOf(t, "@partial(jax.jit, donate_argnums=(0,))"+step, "step")
	const mib = 1 << 20
	if p.DonationSavesBytes != 4*mib || len(p.Donatable) != 1 || p.Donatable[0].Param != "params" || p.Donatable[0].Index != 0 {
		t.Fatalf("without donation: saves %d B, donatable %+v; want 4 MiB of `params` (0)", p.DonationSavesBytes, p.Donatable)
	}
	if d.AliasBytes != p.DonationSavesBytes || d.DonationSavesBytes != 0 {
		t.Errorf("donated: aliased %d B, still donatable %d B; want %d aliased", d.AliasBytes, d.DonationSavesBytes, p.DonationSavesBytes)
	}
	if p.TotalBytes-d.TotalBytes != p.DonationSavesBytes {
		t.Errorf("program total %d → %d B: dropped by %d, want %d", p.TotalBytes, d.TotalBytes, p.TotalBytes-d.TotalBytes, p.DonationSavesBytes)
	}
	if plain.PeakBytes-donated.PeakBytes != p.DonationSavesBytes {
		t.Errorf("module peak %d → %d B: dropped by %d, want %d", plain.PeakBytes, donated.PeakBytes, plain.PeakBytes-donated.PeakBytes, p.DonationSavesBytes)
	}
	hint := strings.Join(plain.Suggestions, "\n")
	if !strings.Contains(hint, "donate_argnums=(0,)") || !strings.Contains(hint, "4.0 MiB less") {
		t.Errorf("suggestions %q: want donate_argnums=(0,) with 4.0 MiB", hint)
	}
	for _, s := range append(plain.Suggestions, donated.Suggestions...) {
		if strings.Contains(s, "del ") || strings.Contains(s, "out=") {
			t.Errorf("suggestion %q does not apply inside jit", s)
		}
	}
	if strings.Contains(strings.Join(donated.Suggestions, "\n"), "donate_argnums") {
		t.Errorf("donated step still advised to donate: %q", donated.Suggestions)
	}
}

// A jitted function's own scope makes no `del` suggestion: XLA frees a buffer after its last
// use whatever the source says.
func TestXLAOwnScopeNoDel(t *testing.T) {
	src := xlaHeader + `
@jax.jit
def f(n: int):
    a = jnp.zeros((4096, 4096))
    b = a @ a
    c = jnp.tanh(b) @ b
    return c
`
	for _, r := range estimate(t, src, Options{Backend: BackendJAX}) {
		if r.Scope != "f" {
			continue
		}
		if !r.JIT {
			t.Fatal("scope f not analysed as jitted")
		}
		for _, s := range r.Suggestions {
			if strings.Contains(s, "del ") {
				t.Errorf("suggestion %q inside jit", s)
			}
		}
		return
	}
	t.Fatal("no report of scope f")
}
