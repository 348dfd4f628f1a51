"""The harness's own jitted functions for the JAX truth (jaxtruth.py): each is compared, at two
sizes, between XLA's memory_analysis() and `arraylint mem --backend jax`.

CASES maps a case name to (function name, small arguments, large arguments[, the large size's
function when it differs]); an argument is written as jaxtruth.py reads it: "f32[4096,1024]"
(dtype and shape), "key" (a PRNG key, uint32[2]), or a Python list/tuple of those. Each covers one thing that
decides XLA's bytes: element-wise fusion, donation, checkpoint/remat, scan and fori_loop carries,
vmap, the PRNG. This file is read whole by arraylint (the function definitions) with the inputs
and the call appended, and imported by the XLA driver.
"""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def fused_chain(x):
    return jnp.sqrt(jnp.abs(x * 2.0 + 1.0)) - x


@jax.jit
def fused_two_inputs(x, y):
    return jnp.exp(x) * y + jnp.sin(y)


@jax.jit
def train_step_loss(x, w, y):
    pred = jnp.tanh(x @ w)
    loss = jnp.mean((pred - y) ** 2)
    return loss


@jax.jit
def matmul(a, b):
    return a @ b


@jax.jit
def matmul_square(a):
    return a @ a


@jax.jit
def mlp_forward(x, w1, w2):
    h = jax.nn.relu(x @ w1)
    return h @ w2


@jax.jit
def softmax_rows(x):
    return jax.nn.softmax(x, axis=-1)


@jax.jit
def layer_norm(x):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + 1e-5)


@jax.jit
def gelu_logsumexp(x):
    return jax.nn.logsumexp(jax.nn.gelu(x), axis=1)


@jax.jit
def sum_reduce(x):
    return jnp.sum(x, axis=0)


@jax.jit
def transpose_copy(x):
    return jnp.transpose(x) + 1.0


@jax.jit
def concat(x, y):
    return jnp.concatenate([x, y], axis=0)


@jax.jit
def where_mask(x):
    return jnp.where(x > 0.5, x, 0.0)


@jax.jit
def sort_rows(x):
    return jnp.sort(x, axis=1)


@jax.jit
def cumsum(x):
    return jnp.cumsum(x, axis=0)


@jax.jit
def outer_broadcast(u, v):
    return u[:, None] * v[None, :]


@jax.jit
def attention(q, k, v):
    s = q @ k.T / jnp.sqrt(q.shape[-1])
    p = jax.nn.softmax(s, axis=-1)
    return p @ v


@jax.jit
def einsum_batch(a, b):
    return jnp.einsum("bij,bjk->bik", a, b)


@jax.jit
def conv2d(x, k):
    return lax.conv_general_dilated(x, k, (1, 1), "SAME")


@jax.jit
def at_set(x):
    return x.at[0].set(0.0)


@partial(jax.jit, donate_argnums=(0,))
def donated_update(x):
    return x * 0.9 + 1.0


@partial(jax.jit, donate_argnums=(0, 1))
def donated_sgd(w, g):
    return w - 0.01 * g


def _loss(w, x, y):
    return jnp.mean((jnp.tanh(x @ w) - y) ** 2)


@jax.jit
def grad_step(w, x, y):
    g = jax.grad(_loss)(w, x, y)
    return w - 0.1 * g


@jax.jit
def value_and_grad_step(w, x, y):
    loss, g = jax.value_and_grad(_loss)(w, x, y)
    return loss, w - 0.1 * g


def _deep(x, w):
    for _ in range(4):
        x = jnp.tanh(x @ w)
    return jnp.sum(x)


@jax.jit
def grad_deep(x, w):
    return jax.grad(_deep, argnums=1)(x, w)


@jax.jit
def grad_deep_remat(x, w):
    return jax.grad(jax.checkpoint(_deep), argnums=1)(x, w)


@jax.jit
def scan_cumulative(xs):
    def body(carry, x):
        carry = carry + x
        return carry, carry

    _, ys = lax.scan(body, jnp.zeros_like(xs[0]), xs)
    return ys


@jax.jit
def scan_carry_only(xs):
    def body(carry, x):
        return carry * 0.5 + x, None

    c, _ = lax.scan(body, jnp.zeros_like(xs[0]), xs)
    return c


@jax.jit
def fori_loop_carry(x):
    return lax.fori_loop(0, 10, lambda i, v: v * 0.5 + 1.0, x)


@jax.jit
def while_loop_carry(x):
    def cond(s):
        return s[0] < 10

    def body(s):
        return s[0] + 1, s[1] * 0.5

    return lax.while_loop(cond, body, (0, x))[1]


@jax.jit
def vmap_matvec(m, vs):
    return jax.vmap(lambda v: m @ v)(vs)


@jax.jit
def vmap_per_example(x, w):
    return jax.vmap(lambda row: jnp.tanh(row @ w))(x)


@jax.jit
def random_normal(key, x):
    return jax.random.normal(key, x.shape)


@jax.jit
def random_normal_matmul(key, x):
    a = jax.random.normal(key, x.shape)
    return a @ a


@jax.jit
def random_uniform_split(key, x):
    k1, k2 = jax.random.split(key)
    return jax.random.uniform(k1, x.shape) + jax.random.normal(k2, x.shape)


@jax.jit
def xprof_oom_small():
    a = jax.random.normal(jax.random.PRNGKey(1), (4096, 4096), dtype=jnp.bfloat16)
    return a @ a


# The XProf guide's program (its @jax.profiler.trace decorator left out: lowered, never run).
@jax.jit
def xprof_oom():
    a = jax.random.normal(jax.random.PRNGKey(1), (327680, 327680), dtype=jnp.bfloat16)
    return a @ a


CASES = {
    "fused_chain": ("fused_chain", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "fused_two_inputs": ("fused_two_inputs", ["f32[1024,1024]", "f32[1024,1024]"], ["f32[4096,4096]", "f32[4096,4096]"]),
    "train_step_loss": ("train_step_loss", ["f32[1024,256]", "f32[256,128]", "f32[1024,128]"], ["f32[4096,1024]", "f32[1024,512]", "f32[4096,512]"]),
    "matmul": ("matmul", ["f32[512,256]", "f32[256,1024]"], ["f32[2048,1024]", "f32[1024,4096]"]),
    "matmul_square": ("matmul_square", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "mlp_forward": ("mlp_forward", ["f32[256,512]", "f32[512,1024]", "f32[1024,10]"], ["f32[2048,1024]", "f32[1024,4096]", "f32[4096,10]"]),
    "softmax_rows": ("softmax_rows", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "layer_norm": ("layer_norm", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "gelu_logsumexp": ("gelu_logsumexp", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "sum_reduce": ("sum_reduce", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "transpose_copy": ("transpose_copy", ["f32[1024,512]"], ["f32[4096,2048]"]),
    "concat": ("concat", ["f32[512,1024]", "f32[512,1024]"], ["f32[2048,4096]", "f32[2048,4096]"]),
    "where_mask": ("where_mask", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "sort_rows": ("sort_rows", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "cumsum": ("cumsum", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "outer_broadcast": ("outer_broadcast", ["f32[1024]", "f32[1024]"], ["f32[4096]", "f32[4096]"]),
    "attention": ("attention", ["f32[512,64]", "f32[512,64]", "f32[512,64]"], ["f32[2048,128]", "f32[2048,128]", "f32[2048,128]"]),
    "einsum_batch": ("einsum_batch", ["f32[8,128,128]", "f32[8,128,128]"], ["f32[32,256,256]", "f32[32,256,256]"]),
    "conv2d": ("conv2d", ["f32[8,3,64,64]", "f32[16,3,3,3]"], ["f32[32,3,128,128]", "f32[32,3,3,3]"]),
    "at_set": ("at_set", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "donated_update": ("donated_update", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "donated_sgd": ("donated_sgd", ["f32[1024,1024]", "f32[1024,1024]"], ["f32[4096,4096]", "f32[4096,4096]"]),
    "grad_step": ("grad_step", ["f32[256,128]", "f32[1024,256]", "f32[1024,128]"], ["f32[1024,512]", "f32[4096,1024]", "f32[4096,512]"]),
    "value_and_grad_step": ("value_and_grad_step", ["f32[256,128]", "f32[1024,256]", "f32[1024,128]"], ["f32[1024,512]", "f32[4096,1024]", "f32[4096,512]"]),
    "grad_deep": ("grad_deep", ["f32[1024,256]", "f32[256,256]"], ["f32[4096,1024]", "f32[1024,1024]"]),
    "grad_deep_remat": ("grad_deep_remat", ["f32[1024,256]", "f32[256,256]"], ["f32[4096,1024]", "f32[1024,1024]"]),
    "scan_cumulative": ("scan_cumulative", ["f32[64,128,128]"], ["f32[128,512,512]"]),
    "scan_carry_only": ("scan_carry_only", ["f32[64,128,128]"], ["f32[128,512,512]"]),
    "fori_loop_carry": ("fori_loop_carry", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "while_loop_carry": ("while_loop_carry", ["f32[1024,1024]"], ["f32[4096,4096]"]),
    "vmap_matvec": ("vmap_matvec", ["f32[512,512]", "f32[256,512]"], ["f32[2048,2048]", "f32[1024,2048]"]),
    "vmap_per_example": ("vmap_per_example", ["f32[1024,256]", "f32[256,256]"], ["f32[4096,1024]", "f32[1024,1024]"]),
    "random_normal": ("random_normal", ["key", "f32[1024,1024]"], ["key", "f32[4096,4096]"]),
    "random_normal_matmul": ("random_normal_matmul", ["key", "f32[1024,1024]"], ["key", "f32[4096,4096]"]),
    "random_uniform_split": ("random_uniform_split", ["key", "f32[1024,1024]"], ["key", "f32[4096,4096]"]),
    "xprof_seed": ("xprof_oom_small", [], [], "xprof_oom"),
}
