# Aliased and conditional imports of every backend.
try:
    import cupy as xp
except ImportError:
    import numpy as xp
import cupynumeric as cn
from numpy import nonzero
from numpy import where as np_where

N = 1 << 20


def conditional_backend():
    a = xp.zeros(N)
    b = xp.ones(N)
    idx = xp.nonzero(a < b)
    a[idx] = b[idx]  # want "scatter through `idx` from `nonzero`; index with `a < b`"
    return a


def cupynumeric_backend():
    a = cn.zeros(N)
    idx = cn.where(a == 0)
    a[idx] = 1.0  # want "scatter through `idx` from `where`"
    return a


def imported_function():
    a = xp.zeros(N)
    idx = nonzero(a == 0)
    a[idx] = 1.0  # want "scatter through `idx` from `nonzero`"
    return a


def imported_where(a: xp.ndarray):
    idx = np_where(a > 0)
    a[idx] = 0.0  # want "scatter through `idx` from `where`"
    return a


def shadowed_backend(xp, a):
    idx = xp.nonzero(a)
    a[idx] = 0.0
    return a
