# arraylint: target h100
import jax.numpy as jnp

a = jnp.zeros((327680, 327680), dtype=jnp.bfloat16)  # want `is larger than h100 \(59.7 GiB\)`
b = jnp.zeros((1024, 1024))
n = int(input())
c = jnp.zeros((n, n))
