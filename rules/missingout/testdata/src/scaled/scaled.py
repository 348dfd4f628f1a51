# Code written for scale (it imports cupy): a temporary of unknown size counts as large.
import cupy as cp
import numpy as np


def unknown_sizes(a: np.ndarray, b: np.ndarray, n):
    a = a + b
    c = np.zeros(n) * 2 + 1  # want "allocates a temporary of 8·n bytes .*large by scale auto: this module imports cupy"
    return a, c, cp.asarray(c)
