import jax
import jax.numpy as xp
import jax.experimental.pallas as P
from jax.experimental.pallas import tpu as T
from jax.experimental.pallas import BlockSpec, pallas_call


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = xp.ones((8192, 4096), dtype=xp.bfloat16)
y = P.pallas_call(  # want "pallas kernel needs 64.0 MiB of scoped VMEM"
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[P.BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=P.BlockSpec((2048, 4096), lambda i: (i, 0)),
    compiler_params=T.CompilerParams(vmem_limit_bytes=60 * 2**20),
)(x)
z = pallas_call(  # want "pallas kernel needs 64.0 MiB"
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=BlockSpec((2048, 4096), lambda i: (i, 0)),
)(x)
