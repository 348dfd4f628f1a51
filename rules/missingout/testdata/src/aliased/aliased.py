# Aliased and conditional imports of every backend.
try:
    import cupy as xp
except ImportError:
    import numpy as xp
import cupynumeric as cn
from numpy import zeros

N = 1 << 20

a = cn.ones((N - 2,))
b = cn.zeros((N,))
b[1:-1] = a
c = b + 2  # want "`b \\+ 2` allocates 8,388,608 bytes while `b` is never used again"


def conditional_backend():
    u = xp.ones(16 * N, dtype=xp.float32)
    u = u * 3  # want "`u = u \\* 3` allocates a new array of 67,108,864 bytes"
    return u


def imported_constructor():
    v = zeros((N, 8))
    w = v - 1.0  # want "`v - 1.0` allocates 67,108,864 bytes while `v` is never used again"
    return w


def shadowed(xp):
    u = xp.ones(N)
    u = u * 3
    return u
