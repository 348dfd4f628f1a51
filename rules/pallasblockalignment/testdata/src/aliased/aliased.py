import jax
import jax.numpy as xp
from jax.experimental import pallas
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.pallas import BlockSpec


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = xp.zeros((1000, 1000), xp.float32)
y = pallas.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((1000, 1000), xp.float32),
    grid=(10, 10),
    in_specs=[BlockSpec((100, 100), lambda i, j: (i, j))],  # want "block shape of `x`"
    out_specs=pallas.BlockSpec((100, 100), lambda i, j: (i, j)),  # want "block shape of out"
)(x)
