import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


x = jnp.ones((8192, 4096), dtype=jnp.bfloat16)

# the E1001 kernel with a large enough limit
y = pl.pallas_call(
    double,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((2048, 4096), lambda i: (i, 0)),
    compiler_params=pltpu.CompilerParams(vmem_limit_bytes=100 * 1024 * 1024),
)(x)

# the same kernel with smaller blocks: 4 × 4 MiB = 16 MiB
z = pl.pallas_call(
    double,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(16,),
    in_specs=[pl.BlockSpec((512, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((512, 4096), lambda i: (i, 0)),
)(x)

# operands left in HBM
w = pl.pallas_call(
    double,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
    out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
)(x)

# limit held in a variable: cannot tell
params = make_params()
p = pl.pallas_call(
    double,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((2048, 4096), lambda i: (i, 0)),
    compiler_params=params,
)(x)

# block sizes from parameters: unknown
def tiled(arr, bm, bn):
    return pl.pallas_call(
        double,
        out_shape=jax.ShapeDtypeStruct(arr.shape, arr.dtype),
        in_specs=[pl.BlockSpec((bm, bn), lambda i, j: (i, j))],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j: (i, j)),
    )(arr)

# small whole-array kernel (the Pallas quickstart)
a = jnp.arange(8)
b = pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct(a.shape, a.dtype))(a)

# a matmul with 512 blocks: 2+2+2 MiB × 2 + 1 MiB scratch
def matmul(p, q):
    return pl.pallas_call(
        double,
        out_shape=jax.ShapeDtypeStruct((4096, 4096), jnp.float32),
        grid=(8, 8, 8),
        in_specs=[pl.BlockSpec((512, 512), lambda i, j, k: (i, k)),
                  pl.BlockSpec((512, 512), lambda i, j, k: (k, j))],
        out_specs=pl.BlockSpec((512, 512), lambda i, j, k: (i, j)),
        scratch_shapes=[pltpu.VMEM((512, 512), jnp.float32)],
    )(p, q)

# semaphores and SMEM scratch do not count
c = pl.pallas_call(
    double,
    out_shape=jax.ShapeDtypeStruct((1024, 1024), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
    out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SMEM((1024,), jnp.int32)],
)(jnp.ones((1024, 1024)))

# not pallas: a function of the same name
def pallas_call(*a, **k):
    return None

d = pallas_call(double, out_shape=None, in_specs=[(2048, 4096)])

# a limit of None means the default; blocks small enough
e = pl.pallas_call(
    double,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(32,),
    in_specs=[pl.BlockSpec((256, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((256, 4096), lambda i: (i, 0)),
    compiler_params=pltpu.CompilerParams(vmem_limit_bytes=None),
)(x)

# in_specs held in a function result: unknown, and out block small
f = pl.pallas_call(
    double,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=build_specs(),
    out_specs=pl.BlockSpec((8, 128), lambda: (0, 0)),
)(x)

# interpret mode
g = pl.pallas_call(
    double,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((2048, 4096), lambda i: (i, 0)),
    interpret=True,
)(x)
