# arraylint: target h100
import jax.numpy as jnp

a = jnp.zeros((65536, 100), dtype=jnp.float32)  # not a TPU target
