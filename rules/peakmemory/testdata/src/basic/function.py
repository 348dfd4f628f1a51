# arraylint: target --hbm 64MB
import numpy as np


def step(n):
    x = np.ones(n)
    y = np.exp(x)
    z = x * y
    return z.sum()


def small(n):
    return np.ones(n // 1000).sum()


N = 3_000_000
step(N)  # want `allocating 22.9 MiB here exceeds --hbm 64MB: 45.8 MiB of 61.0 MiB already held`
small(N)
