# kind: straight-line
# Constructors with default and explicit dtypes; the peak is the last allocation.
import numpy as np

N = 1_000_000
a = np.zeros(N)
b = np.ones((1000, 500), dtype=np.float32)
c = np.empty(N, dtype=np.int32)
d = np.full((250, 1000), 7)
e = np.arange(N)
