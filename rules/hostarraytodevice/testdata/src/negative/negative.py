import cupy as cp
import jax
import jax.numpy as jnp
import numpy as np
import torch

n = 1 << 20
a = cp.zeros(n)
b = jnp.arange(1000)
host = np.loadtxt("data.txt")
c = cp.asarray(host)
d = cp.asarray(np.load("x.npy"))
e = jax.device_put(host)
f = torch.zeros(n, device="cuda")
g = torch.zeros(n).to(torch.float16)
h = torch.zeros(n).to("cpu")
k = torch.zeros(n).to(device)
m = np.asarray(np.zeros(n))
p = cp.asnumpy(cp.zeros(n))
q = cp.asarray(np.zeros(n) + host)
r = cp.asarray([0.0] * n)
s = np.zeros(n).tolist()


class T:
    def to(self, x):
        return self


t = T().to("cuda")


def shadowed(torch):
    return torch.zeros(n).to("cuda")

small = cp.asarray(np.arange(8))  # 64 B: under min-bytes
tiny = jax.device_put(np.arange(8.))  # 8 elements: under min-bytes
lam = lambda: jax.device_put(np.ones(10))  # a literal size inside a lambda: 80 B
ndev = jax.device_put(np.arange(len(jax.devices())))  # size from a call: small test data
like = cp.asarray(np.zeros(host.shape))  # size from an attribute
five = jnp.asarray(np.zeros(5, np.float32))  # dtype given positionally, 5 elements
rows = cp.asarray(np.random.uniform(0, 1, 100))  # 100 samples
t4 = torch.zeros(3, 4).cuda()  # 12 elements
