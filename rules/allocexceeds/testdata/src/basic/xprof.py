# arraylint: target tpu-v5e
import jax
from jax import random
import jax.numpy as jnp


@jax.profiler.trace("/tmp/xprof")
@jax.jit
def oom():
    a = random.normal(random.PRNGKey(1), (327680, 327680), dtype=jnp.bfloat16)  # want `one allocation of 200.0 GiB \(214,748,364,800 B\) is larger than tpu-v5e \(16.0 GiB\)`
    return a @ a  # want `one allocation of 200.0 GiB`


if __name__ == "__main__":
    oom()
