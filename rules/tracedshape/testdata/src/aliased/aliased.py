import jax as j
import jax.numpy as xp
from jax import jit as compile_fn
from jax.numpy import nonzero as nz


@compile_fn
def f(x):
    return nz(x)  # want "`nz\\(x\\)`: value-dependent shape"


def g(x):
    return x[x != 0]  # want "raises `NonConcreteBooleanIndexError` under `jax.jit`"


g_jit = j.jit(g)


@j.jit
def h(x):
    return xp.unique(x, return_counts=True)  # want "`xp.unique\\(x, return_counts=True\\)`"
