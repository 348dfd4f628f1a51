# Without jax_enable_x64 JAX holds no 64-bit arrays: `astype(float)` of a float32 JAX array makes
# float32, the array's own dtype — no copy to report, at any scale.
import jax.numpy as jnp

N = 1 << 24


def torques(q):
    t = jnp.zeros_like(q).astype(float)
    z = jnp.zeros((N,)).astype(float)
    w = jnp.ones((N, 4)).astype("float64")
    return t, z, w
