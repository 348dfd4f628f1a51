# arraylint: target tpu-v6e
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.ones((8192, 4096), dtype=jnp.bfloat16)
# 2 × 8 MiB + 2 × 4 MiB = 24 MiB: fits v6e's 32 MiB default
y = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(8,),
    in_specs=[pl.BlockSpec((1024, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((512, 4096), lambda i: (i, 0)),
)(x)
z = pl.pallas_call(  # want "over the 32.0 MiB default scoped limit of tpu-v6e"
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((1024, 4096), lambda i: (i, 0)),
)(x)
