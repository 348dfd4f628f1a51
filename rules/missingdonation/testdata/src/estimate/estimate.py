import jax
import jax.numpy as jnp


@jax.jit
def step(params, grads):
    return params - 0.01 * grads


params = jnp.zeros((1024, 1024))
grads = jnp.ones((1024, 1024))
for _ in range(3):
    params = step(params, grads)  # want "`params` \\(4,194,304 bytes\\) rebound to `step`'s outputs undonated"
