# Aliased and conditional imports of every backend.
try:
    import cupy as xp
except ImportError:
    import numpy as xp
import cupynumeric as cn
import jax.numpy as jnp

N = 1 << 24
BLOCK = 2048
a = xp.zeros(N, dtype=xp.float32)
b = cn.ones(N)

for s in range(0, N, BLOCK):  # want "~8,192 chunks of 2,048 elements"
    a[s:s + BLOCK] = xp.exp(a[s:s + BLOCK])

for s in range(0, N, BLOCK):  # want "~8,192 chunks of 2,048 elements"
    cn.add(b[s:s + BLOCK], 1.0, out=b[s:s + BLOCK])

for s in range(0, N, BLOCK):  # want "~8,192 chunks of 2,048 elements"
    a[s:s + BLOCK] = jnp.tanh(a[s:s + BLOCK])


def not_an_array_module(xp, a):
    for s in range(0, N, BLOCK):
        a[s:s + BLOCK] = xp.exp(a[s:s + BLOCK])
    return a
