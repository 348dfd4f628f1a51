import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.ones((1024, 1024), jnp.float32)
# aligned blocks
y = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((1024, 1024), jnp.float32),
    grid=(8, 8),
    in_specs=[pl.BlockSpec((128, 128), lambda i, j: (i, j))],
    out_specs=pl.BlockSpec((8, 1024), lambda i, j: (i, 0)),
)(x)

# blocks equal to the array's dimensions
a = jnp.ones((100, 100), jnp.float32)
b = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((100, 100), jnp.float32),
    in_specs=[pl.BlockSpec((100, 100), lambda: (0, 0))],
    out_specs=pl.BlockSpec((100, 100), lambda: (0, 0)),
)(a)

# a full last dimension with an aligned row block
c = jnp.ones((64, 100), jnp.float32)
d = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((64, 100), jnp.float32),
    grid=(8,),
    in_specs=[pl.BlockSpec((8, 100), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((8, 100), lambda i: (i, 0)),
)(c)

# unknown array shape: the block may be the whole array
def unknown(arr):
    return pl.pallas_call(
        k,
        out_shape=jax.ShapeDtypeStruct(arr.shape, arr.dtype),
        in_specs=[pl.BlockSpec((100, 100), lambda: (0, 0))],
        out_specs=pl.BlockSpec((100, 100), lambda: (0, 0)),
    )(arr)

# unknown block sizes
def tiled(arr, bm, bn):
    return pl.pallas_call(
        k,
        out_shape=jax.ShapeDtypeStruct((1000, 1000), jnp.float32),
        in_specs=[pl.BlockSpec((bm, bn), lambda i, j: (i, j))],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j: (i, j)),
    )(arr)

# squeezed leading and trailing dims
e = jnp.ones((4, 96, 256), jnp.float32)
f = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((4, 96, 256), jnp.float32),
    grid=(4,),
    in_specs=[pl.BlockSpec((None, 96, 256), lambda b: (b, 0, 0))],
    out_specs=pl.BlockSpec((None, 32, 128), lambda b: (b, 0, 0)),
)(e)

# memory space only: no block shape
g = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((1000, 1000), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
    out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
)(jnp.ones((1000, 1000), jnp.float32))

# no specs at all
h = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((10, 10), jnp.float32))(jnp.ones((10, 10)))

# a 1-D aligned block
i1 = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((4096,), jnp.float32),
    grid=(16,),
    in_specs=[pl.BlockSpec((256,), lambda i: (i,))],
    out_specs=pl.BlockSpec((256,), lambda i: (i,)),
)(jnp.ones((4096,), jnp.float32))

# not pallas
class BlockSpec:
    def __init__(self, *a):
        pass

j = BlockSpec((100, 100), None)

# interpret mode runs on the host: no tiling
k2 = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    grid=(4,),
    in_specs=[pl.BlockSpec((4, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((4, 128), lambda i: (i, 0)),
    interpret=True,
)(jnp.zeros((16, 128), jnp.float32))
