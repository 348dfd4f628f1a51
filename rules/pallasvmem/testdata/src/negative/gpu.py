import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.ones((8192, 4096), dtype=jnp.bfloat16)
# a Triton kernel: no TPU VMEM
y = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[pl.BlockSpec((2048, 4096), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((2048, 4096), lambda i: (i, 0)),
    compiler_params=plgpu.CompilerParams(num_warps=4),
)(x)
