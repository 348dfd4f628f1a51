# arraylint: target tpu-v5e
import jax
import jax.numpy as jnp

a = jnp.zeros((65536, 100), dtype=jnp.float32)  # want "`a` float32\\[65536,100\\] pads to float32\\[65536,128\\] in TPU tiles: 7.0 MiB of 32.0 MiB \\(22%\\) is padding"
b = jnp.ones((4096, 4, 130), dtype=jnp.float32)  # want "`b` float32\\[4096,4,130\\] pads to float32\\[4096,4,256\\] in TPU tiles"
c = jnp.zeros((100000, 3), dtype=jnp.bfloat16)  # want "pads to bfloat16\\[100000,128\\]"
d = jnp.ones((1000, 1000, 20), dtype=jnp.float32)  # want "`d` float32\\[1000,1000,20\\] pads to float32\\[1000,1000,128\\]"
e = jnp.zeros((9, 1048576), dtype=jnp.float32)  # want "pads to float32\\[16,1048576\\]"
f = jnp.zeros((17, 262144), dtype=jnp.int8)  # want "pads to int8\\[32,262144\\]"
g = jnp.zeros((2048, 200))  # want "`g` float32\\[2048,200\\] pads to float32\\[2048,256\\]"
h = a + 1  # want "pads to float32\\[65536,128\\]"


def step():
    emb = jnp.zeros((50000, 300), dtype=jnp.float32)  # want "`emb` float32\\[50000,300\\] pads to float32\\[50000,384\\]"
    return emb


k = jax.random.normal(jax.random.PRNGKey(0), (131072, 10))  # want "pads to float32\\[131072,128\\]"
m = jnp.empty((3, 5, 12, 100000), dtype=jnp.float32)  # want "pads to float32\\[3,5,16,100096\\]"
