# kind: straight-line
# Tuple assignment, swaps and multiple targets share arrays without copying.
import numpy as np

N = 1_000_000
a = np.ones(N)
b = np.zeros(N)
a, b = b, a
c = d = a + b
e = c - d
