from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

N_STEPS = 10**4


@jax.jit
def integrate(x):
    for _ in range(1000):  # want "loop over `range\\(1000\\)` is unrolled into 1000 copies of its body; use `lax.fori_loop` or `lax.scan`"
        x = x + 0.01 * jnp.sin(x)
    return x


@jax.jit
def by_constant(x):
    for i in range(0, N_STEPS, 2):  # want "unrolled into 5000 copies of its body \\(`N_STEPS` = 10000\\)"
        x = x + i
    return x


@jax.jit
def rows(x):
    acc = 0.0
    for i in range(x.shape[0]):  # want "loop over `range\\(x.shape\\[0\\]\\)` is unrolled once per element of an array axis"
        acc = acc + x[i].sum()
    return acc


@partial(jax.jit, static_argnums=(1,))
def steps(x, n):
    for _ in range(n):  # want "is unrolled `n` times, a count not known to be small"
        x = x * 0.5
    return x


@jax.jit
def traced_count(x, n):
    for _ in range(n):  # want "reads a traced value: tracing raises `TracerIntegerConversionError`"
        x = x + 1
    return x


def body(carry, x):
    for k in range(200):  # want "unrolled into 200 copies"
        carry = carry + k * x.sum()
    return carry, None


def run(xs):
    return lax.scan(body, 0.0, xs)


@jax.jit
def outer(x):
    def helper(y, m):
        for _ in range(m):  # want "unrolled `m` times"
            y = y + 1
        return y

    return helper(x, x.shape[0])


def relax(x):
    for _ in range(300):  # want "unrolled into 300 copies"
        x = 0.5 * (x + jnp.tanh(x))
    return x


@jax.jit
def smooth(x):
    return relax(x)


# a count every caller states, here large: the message says where it comes from
def make_sweep(n_sweeps):
    @jax.jit
    def sweep(x):
        for _ in range(n_sweeps):  # want "unrolled `n_sweeps` times, 500 as its callers state \\(`500` at"
            x = jnp.tanh(x)
        return x

    return sweep


def sweep_once(x):
    return make_sweep(500)(x)
