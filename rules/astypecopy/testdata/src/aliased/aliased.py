# Aliased and conditional imports of every backend.
try:
    import cupy as xp
except ImportError:
    import numpy as xp
import cupynumeric
import jax.numpy as jnp
import numpy.random as npr
from numpy import random as rnd
from numpy import zeros

N = 4096 * 4096

a = xp.zeros(N).astype(xp.float32)  # want "`zeros` makes float64 data \\(134,217,728 bytes\\)"
b = jnp.ones((N,)).astype(jnp.bfloat16)  # want "`ones` makes float32 data \\(67,108,864 bytes\\) only to cast it to bfloat16"
c = npr.random(N).astype("float32")  # want "`random.random` makes float64 data"
d = zeros(N).astype(xp.int32)  # want "`zeros` makes float64 data"
e = rnd.standard_normal(N).astype("f4")  # want "`random.standard_normal` makes float64 data"
f = cupynumeric.arange(N).astype(cupynumeric.float32)  # want "`arange` makes int64 data"


def shadow(xp):
    return xp.zeros(N).astype(xp.float32)  # want "`zeros` makes float64 data \\(134,217,728 bytes\\)"


def local_alias():
    import numpy as np_local
    return np_local.ones(N).astype(np_local.float16)  # want "`ones` makes float64 data"
