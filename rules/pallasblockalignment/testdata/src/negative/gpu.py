import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


# a Triton kernel (no TPU import): TPU tiling does not apply
def add_one(x_ref, o_ref):
    o_ref[0] = x_ref[0] + 1


y = pl.pallas_call(add_one,
                   out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
                   in_specs=[pl.BlockSpec((1,), lambda i: i)],
                   out_specs=pl.BlockSpec((1,), lambda i: i),
                   grid=8)(jnp.zeros((8,), jnp.float32))
