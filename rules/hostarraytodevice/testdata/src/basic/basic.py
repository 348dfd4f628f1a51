import cupy as cp
import cupynumeric as cn
import jax
import jax.numpy as jnp
import numpy as np
import torch

n = 1 << 20
a = cp.asarray(np.zeros(n))  # want "`np.zeros\\(n\\)` is built in host memory, then copied to the GPU; create it on the device"
b = cp.array(np.ones((n, 4), dtype=np.float32))  # want "`np.ones\\(\\(n, 4\\), dtype=np.float32\\)` is built in host memory"
c = jnp.asarray(np.arange(1000))  # want "copied to a JAX device"
d = jax.device_put(np.ones((256, 256)))  # want "`np.ones\\(\\(256, 256\\)\\)` is built in host memory, then copied to a JAX device"
e = cn.asarray(np.full((100,), 3.0))  # want "copied to cuPyNumeric"
f = cp.asarray(np.random.rand(n))  # want "`np.random.rand\\(n\\)` is built in host memory"
g = torch.zeros(n).to("cuda")  # want "`torch.zeros\\(n\\)` is built in host memory, then copied to \"cuda\"; pass `device=\"cuda\"`"
h = torch.ones(3, 4).cuda()  # want "pass `device=\"cuda\"`"
k = cp.asarray(np.zeros(n), dtype=cp.float32)  # want "built in host memory"
m = jnp.array(np.linspace(0, 1, 50))  # want "`np.linspace\\(0, 1, 50\\)` is built in host memory"
p = torch.randn(8, 8).to("cuda:1")  # want "pass `device=\"cuda:1\"`"
q = cp.asarray(np.eye(512))  # want "`np.eye\\(512\\)`"


def f2(size):
    return cp.asarray(np.empty((size, size)))  # want "`np.empty\\(\\(size, size\\)\\)` is built in host memory"


big = jax.device_put(np.arange(1e7))  # want "`np.arange\\(1e7\\)` is built in host memory"
fo = cp.asarray(np.empty((n, 3), order="F"))  # want "`np.empty\\(\\(n, 3\\), order=\"F\"\\)` is built in host memory"


def sized(rows, cols):
    return jnp.asarray(np.zeros((2 * rows + 1, cols)))  # want "`np.zeros\\(\\(2 \\* rows \\+ 1, cols\\)\\)` is built in host memory"
