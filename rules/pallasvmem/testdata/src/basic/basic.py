import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


# the E1001 page's kernel: bf16[2048, 4096] blocks
x = jnp.ones((8192, 4096), dtype=jnp.bfloat16)
y = pl.pallas_call(  # want "pallas kernel needs 64.0 MiB of scoped VMEM, over the 16.0 MiB default scoped limit of tpu-v4, tpu-v5e, tpu-v5p: `x` 2 × bf16\\[2048,4096\\] \\(16.0 MiB\\) = 32.0 MiB \\+ out 2 × bf16\\[2048,4096\\] \\(16.0 MiB\\) = 32.0 MiB"
    double,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((2048, 4096), lambda i: (i, 0)),
)(x)

# a limit that is too small
z = pl.pallas_call(  # want "needs 64.0 MiB of scoped VMEM, over vmem_limit_bytes=48.0 MiB"
    double,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((2048, 4096), lambda i: (i, 0)),
    compiler_params=pltpu.CompilerParams(vmem_limit_bytes=48 * 1024 * 1024),
)(x)

# f32 blocks whose lanes pad from 100 to 128
a = jnp.zeros((8192, 100), dtype=jnp.float32)
b = pl.pallas_call(  # want "`a` 2 × f32\\[8192,100→128\\] \\(4.0 MiB\\) = 8.0 MiB"
    double,
    out_shape=jax.ShapeDtypeStruct((8192, 100), jnp.float32),
    in_specs=[pl.BlockSpec((8192, 100), lambda: (0, 0))],
    out_specs=pl.BlockSpec((8192, 100), lambda: (0, 0)),
    scratch_shapes=[pltpu.VMEM((4096, 128), jnp.float32)],
)(a)


def matmul_kernel(x_ref, y_ref, o_ref, acc_ref):
    acc_ref[...] += x_ref[...] @ y_ref[...]
    o_ref[...] = acc_ref[...]


def matmul(p, q, bm=1024, bk=2048, bn=1024):
    return pl.pallas_call(  # want "pallas kernel needs 44.0 MiB of scoped VMEM"
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((4096, 4096), jnp.float32),
        grid=(4, 4, 2),
        in_specs=[
            pl.BlockSpec((1024, 2048), lambda i, j, k: (i, k)),
            pl.BlockSpec((2048, 1024), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((1024, 1024), lambda i, j, k: (i, j)),
        scratch_shapes=[pltpu.VMEM((1024, 1024), jnp.float32)],
    )(jnp.ones((4096, 4096), jnp.float32), jnp.ones((4096, 4096), jnp.float32))


# whole arrays, no specs: both live in VMEM
u = jnp.ones((4096, 1024), jnp.float32)
v = pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct(u.shape, u.dtype))(u)  # want "`u` 2 × f32\\[4096,1024\\] \\(16.0 MiB\\) = 32.0 MiB"

# triple buffering
w = jnp.ones((4096, 512), jnp.float32)
kern = pl.pallas_call(  # want "`w` 3 × f32\\[4096,512\\] \\(8.0 MiB\\) = 24.0 MiB"
    double,
    out_shape=jax.ShapeDtypeStruct((4096, 512), jnp.float32),
    grid=(2,),
    in_specs=[pl.BlockSpec((4096, 512), lambda i: (0, 0), pipeline_mode=pl.Buffered(3))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
)
r = kern(w)

# int8 blocks pack 32 rows per tile: (33, 4096) pads to (64, 4096)
q8 = jnp.ones((66, 4096 * 64), jnp.int8)
o8 = pl.pallas_call(  # want "s8\\[33→64,262144\\]"
    double,
    out_shape=jax.ShapeDtypeStruct((66, 4096 * 64), jnp.int8),
    grid=(2,),
    in_specs=[pl.BlockSpec((33, 4096 * 64), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((33, 4096 * 64), lambda i: (i, 0)),
)(q8)

# old argument order: BlockSpec(index_map, block_shape)
s = jnp.ones((8192, 4096), jnp.bfloat16)
t = pl.pallas_call(  # want "needs 64.0 MiB"
    double,
    out_shape=jax.ShapeDtypeStruct(s.shape, s.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec(lambda i: (i, 0), (2048, 4096))],
    out_specs=pl.BlockSpec(lambda i: (i, 0), (2048, 4096)),
)(s)

# a grid spec with a scalar prefetch operand
BLOCK = (2048, 4096)
idx = jnp.arange(4)
g = pl.pallas_call(  # want "`s` 2 × bf16\\[2048,4096\\] \\(16.0 MiB\\) = 32.0 MiB"
    double,
    out_shape=jax.ShapeDtypeStruct(s.shape, s.dtype),
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        grid=(4,),
        in_specs=[pl.BlockSpec(BLOCK, lambda i, idx_ref: (idx_ref[i], 0))],
        out_specs=pl.BlockSpec(BLOCK, lambda i, idx_ref: (i, 0)),
    ),
)(idx, s)

# dict-style compiler params
h = pl.pallas_call(  # want "over vmem_limit_bytes=32.0 MiB"
    double,
    out_shape=jax.ShapeDtypeStruct(s.shape, s.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((2048, 4096), lambda i: (i, 0)),
    compiler_params=dict(mosaic=dict(vmem_limit_bytes=32 * 1024 * 1024)),
)(s)

# an input of unknown dtype: the total is a lower bound
def unknown(arr):
    return pl.pallas_call(  # want "needs at least 32.0 MiB"
        double,
        out_shape=jax.ShapeDtypeStruct((8192, 4096), jnp.bfloat16),
        grid=(4,),
        in_specs=[pl.BlockSpec((2048, 4096), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((2048, 4096), lambda i: (i, 0)),
    )(arr)
