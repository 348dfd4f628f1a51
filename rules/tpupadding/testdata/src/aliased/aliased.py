# arraylint: target tpu-v6e
import jax.numpy as xp
from jax.numpy import ones as mk

a = xp.zeros((65536, 100))  # want "`a` float32\\[65536,100\\] pads to float32\\[65536,128\\]"
b = mk((65536, 100), xp.float32)  # want "`b` float32"
