import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.ones((1000, 1000), jnp.float32)
y = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((1000, 1000), jnp.float32),
    grid=(10, 10),
    in_specs=[pl.BlockSpec((100, 100), lambda i, j: (i, j))],  # want "block shape of `x`: second-to-last dimension 100 is not a multiple of 8 and last dimension 100 is not a multiple of 128; use multiples of \\(8, 128\\) or the array's dimensions \\(1000, 1000\\)"
    out_specs=pl.BlockSpec((100, 100), lambda i, j: (i, j)),  # want "block shape of out: second-to-last dimension 100"
)(x)

a = jnp.ones((64, 1024), jnp.float32)
b = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((64, 1024), jnp.float32),
    grid=(2, 5),
    in_specs=[pl.BlockSpec((32, 200), lambda i, j: (i, j))],  # want "last dimension 200 is not a multiple of 128"
    out_specs=pl.BlockSpec((32, 256), lambda i, j: (i, j)),
)(a)

c = jnp.ones((100, 512), jnp.float32)
d = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((100, 512), jnp.float32),
    grid=(10,),
    in_specs=[pl.BlockSpec((10, 512), lambda i: (i, 0))],  # want "second-to-last dimension 10 is not a multiple of 8"
    out_specs=pl.BlockSpec((10, 512), lambda i: (i, 0)),  # want "second-to-last dimension 10"
)(c)

e = jnp.ones((4, 96, 256), jnp.bfloat16)
f = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((4, 96, 256), jnp.bfloat16),
    grid=(4, 2),
    in_specs=[pl.BlockSpec((None, 48, 100), lambda b, i: (b, i, 0))],  # want "last dimension 100 is not a multiple of 128"
    out_specs=pl.BlockSpec((None, 12, 256), lambda b, i: (b, i, 0)),  # want "second-to-last dimension 12 is not a multiple of 8"
)(e)

g = jnp.ones((4096,), jnp.float32)
h = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((4096,), jnp.float32),
    grid=(16,),
    in_specs=[pl.BlockSpec((256,), lambda i: (i,))],
    out_specs=pl.BlockSpec((200,), lambda i: (i,)),  # want "last dimension 200 is not a multiple of 128; use multiples of \\(8, 128\\) or the array's dimensions \\(4096,\\)"
)(g)

BLOCK = (24, 130)
m = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((96, 520), jnp.float32),
    grid=(4, 4),
    in_specs=[pl.BlockSpec(BLOCK, lambda i, j: (i, j))],  # want "last dimension 130 is not a multiple of 128"
    out_specs=pl.BlockSpec(BLOCK, lambda i, j: (i, j)),  # want "last dimension 130"
)(jnp.ones((96, 520), jnp.float32))

n = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((1000, 1000), jnp.float32),
    grid=(10, 10),
    in_specs=[pl.BlockSpec(lambda i, j: (i, j), (100, 128))],  # want "second-to-last dimension 100"
    out_specs=pl.BlockSpec(lambda i, j: (i, j), (104, 100)),  # want "last dimension 100"
)(x)
