# arraylint: target tpu-v5e
import jax.numpy as jnp

a = jnp.zeros((65536, 128), dtype=jnp.float32)
b = jnp.zeros((4096, 1024), dtype=jnp.bfloat16)
c = jnp.zeros((100, 100), dtype=jnp.float32)  # small: 64 KiB tiled
d = jnp.zeros((10000000,), dtype=jnp.float32)  # 1-D is not checked
e = jnp.zeros((8192, 120), dtype=jnp.float32)  # 6% padding
f = jnp.zeros((1024, 1024, 256), dtype=jnp.int8)


def g(n):
    return jnp.zeros((n, 100))  # unknown size

import numpy as np

h = np.zeros((65536, 100), dtype=np.float32)  # host memory: not padded by the TPU

# second-to-last dimension below 8: XLA picks a T(1,128)..T(4,128) tile, only lanes pad
r1 = jnp.zeros((1, 100000), dtype=jnp.float32)
r4 = jnp.zeros((2, 64, 4, 256), dtype=jnp.bfloat16)
