from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

NUM_LAYERS = 4


@jax.jit
def small(x):
    for _ in range(3):
        x = jnp.tanh(x)
    for _ in range(NUM_LAYERS):
        x = x + 1
    for i in range(10, 0, -1):
        x = x * i
    return x


@jax.jit
def fori(x):
    return lax.fori_loop(0, 1000, lambda _, x: x + 0.01 * jnp.sin(x), x)


class Model:
    def __init__(self, n):
        self.num_layers = n
        self.layers = [jnp.ones(3)] * n

    def apply(self, x):
        for w in self.layers:
            x = x * w
        for _ in range(self.num_layers):
            x = x + 1
        return x


def eager(x):
    for _ in range(10000):
        x = x + 1
    return x


@jax.vmap
def batched(x):
    for _ in range(1000):
        x = x + 1
    return x


@jax.jit
def over_params(params, x):
    for w, b in params:
        x = jnp.dot(x, w) + b
    return x


def range_shadow(range, x):
    @jax.jit
    def f(y):
        for _ in range(10000):
            y = y + 1
        return y

    return f(x)


@jax.jit
def per_axis(x):
    for _ in range(len(x.shape) - 1):
        x = x.sum(axis=0)
    for _ in range(x.ndim):
        x = x + 1
    return x


def relax_eager(x):
    for _ in range(300):
        x = 0.5 * (x + jnp.tanh(x))
    return x


def smooth_eager(x):
    return relax_eager(x)


@jax.jit
def rational_series(z):
    # the trip count is the length of a literal table written in the function: 5 - 1 copies
    weights = jnp.asarray([1.5, -0.25, 0.125, 2.0, 0.5], dtype=jnp.float32)
    acc = weights[0]
    for k in range(1, weights.shape[0]):
        acc = acc + weights[k] / (z + k)
    return acc


# Rewritten from the shape of a grid interpolator the first precision review found reported
# wrongly (issue 26): the count is the grid's number of dimensions, since it indexes a shape.
@partial(jax.jit, static_argnames=("ndim",))
def interp_grid(values, points, ndim):
    payload = values.shape[ndim:]
    out = jnp.zeros(points.shape[:-1] + payload)
    for d in range(ndim):
        out = out + jnp.take(values, jnp.floor(points[..., d]).astype(int), axis=d).sum()
    return out


# Issue 26, second review: a parameter left at its default is no traced value.
@jax.jit
def half_window(x, doubled=True):
    # every call leaves `doubled` at its default, which jit does not trace: the test is a Python
    # bool and the count a length, both known at trace time
    n = len(x) // 2 if doubled else len(x) - 1
    acc = x[0]
    for i in range(1, n):
        acc = acc + x[i]
    return acc


def use_half_window(x):
    return half_window(x) + half_window(2 * x)


# Issue 26, first review: a count its callers state small. Every call of make_losses passes
# n_steps on from Workload's __init__, whose only construction leaves it at its default, 5.
def make_losses(n_steps):
    @jax.jit
    def looped(x):
        total = 0.0
        for t in range(n_steps):
            total = total + jnp.mean(x * t)
        return total

    return looped


class Workload:
    def __init__(self, n_steps=5):
        self.loss = make_losses(n_steps)


def bench(x):
    return Workload().loss(x)


# Issue 26, second review: a static Newton count reaches the jitted step through a lambda
# default, which the function the lambda is handed to never passes; the only caller states 2.
@partial(jax.jit, static_argnums=(1,))
def newton(x, n_iter):
    for _ in range(n_iter):
        x = x - 0.1 * jnp.sin(x)
    return x


def drive(step, x):
    return step(x)


def solve(x, m):
    f = lambda y, k=m: newton(y, k)
    return drive(f, x)


def solve_twice(x):
    return solve(x, 2)


@jax.jit
def blocks(block_rows):
    # enumerate's counter is a Python int whatever the rows hold: range(k + 1) is a few blocks
    out = []
    for k, row in enumerate(block_rows[1:]):
        for i in range(k + 1):
            out.append(row[i])
    return out
