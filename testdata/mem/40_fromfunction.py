# kind: straight-line
# np.fromfunction(f, shape) is f(*np.indices(shape, dtype=float)): the index grids (one per axis,
# float64 by default) are alive while f computes, and f's temporaries count.
import numpy as np

n = 800


def ramp(i, j, scale=1.0):
    return (i * n + j) * scale


a = np.fromfunction(lambda i, j: ((i * j + 1) % n) / n, (n, n), dtype=np.float64)
b = np.fromfunction(ramp, (n, n), scale=0.5)
c = np.fromfunction(lambda i: i * 2, (n * n,), dtype=np.int32)
