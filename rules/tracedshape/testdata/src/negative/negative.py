from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

MASK = np.array([True, False, True])


@jax.jit
def sized(x):
    idx = jnp.nonzero(x > 0, size=x.shape[0], fill_value=0)
    u = jnp.unique(x, size=8, fill_value=0)
    w = jnp.where(x > 0, x, 0)
    return x[idx], u, w


@jax.jit
def static_mask(x):
    return x[MASK]


@partial(jax.jit, static_argnames=("k",))
def static_arg_mask(x, k):
    return x[: k > 2]


def eager(x):
    # not traced: runs op by op, where value-dependent shapes are allowed
    return jnp.nonzero(x), x[x > 0]


@jax.vmap
def batched_const(x):
    return x + jnp.nonzero(np.arange(3))[0].sum()


def numpy_only(a):
    return np.nonzero(a), a[a > 0]


@jax.jit
def host_numpy(x):
    shape = np.nonzero(np.ones(3))
    return x, shape


@jax.jit
def shapes(x):
    n = x.shape[0]
    return x[: n > 2]


@jax.jit
def not_mask(x, lo):
    return x[lo is None]


def eager_helper(v):
    return v[jnp.nonzero(v > 0)]


def eager_caller(x):
    return eager_helper(x).sum()
