# kind: straight-line
# Integer-array indexing copies: the result has the index array's shape.
import numpy as np

N = 1_000_000
a = np.arange(N, dtype=np.float64)
idx = np.arange(0, N, 4)
b = a[idx]
c = np.take(a, idx)
d = a[idx] + c
