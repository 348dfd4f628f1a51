# kind: straight-line
# a + b + c: NumPy reuses the temporary a + b in place for the second addition.
import numpy as np

N = 1_000_000
a = np.ones(N)
b = np.ones(N)
c = np.ones(N)
d = a + b + c
e = d * 2.0 - 1.0
