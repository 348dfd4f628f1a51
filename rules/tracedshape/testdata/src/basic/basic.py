from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def nonzero_mean(x):
    idx = jnp.nonzero(x > 0)  # want "`jnp.nonzero\\(x > 0\\)`: value-dependent shape raises `ConcretizationTypeError` under `jax.jit`"
    return jnp.mean(x[idx])


@jax.jit
def masked_sum(x):
    return jnp.sum(x[x > 0])  # want "`x\\[x > 0\\]`: boolean mask raises `NonConcreteBooleanIndexError` under `jax.jit`"


@partial(jax.jit, static_argnums=(1,))
def others(x, k):
    a = jnp.where(x > k)  # want "`jnp.where\\(x > k\\)`: value-dependent shape"
    b = jnp.unique(x)  # want "`jnp.unique\\(x\\)`: value-dependent shape"
    c = jnp.argwhere(x)  # want "`jnp.argwhere\\(x\\)`: value-dependent"
    d = jnp.flatnonzero(x)  # want "`jnp.flatnonzero\\(x\\)`: value-dependent"
    y = x * 2
    e = y[(y > 0) & (x < 1)]  # want "`y\\[\\(y > 0\\) & \\(x < 1\\)\\]`: boolean mask"
    return a, b, c, d, e


def body(carry, row):
    kept = row[~(row > 0)]  # want "raises `NonConcreteBooleanIndexError` in the body of `jax.lax.scan`"
    return carry + kept.sum(), None


def scan_rows(xs):
    return lax.scan(body, 0.0, xs)


def loss(params, x):
    return jnp.sum(params[jnp.nonzero(x)])  # want "`jnp.nonzero\\(x\\)`: value-dependent shape"


grad_step = jax.jit(jax.grad(loss))


@jax.vmap
def per_row(row):
    return jnp.unique(row)  # want "raises `ConcretizationTypeError` under `jax.vmap`"


@jax.jit
def constant_inside(x):
    return x + jnp.nonzero(jnp.arange(4))[0].sum()  # want "`jnp.nonzero\\(jnp.arange\\(4\\)\\)`"


def positive_part(v):
    return v[jnp.nonzero(v > 0)]  # want "raises `ConcretizationTypeError` under `jax.jit`"


@jax.jit
def uses_helper(x):
    return positive_part(x).sum()
