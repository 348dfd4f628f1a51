# kind: straight-line
# float32 with a Python float stays float32; float32 with float64 becomes float64.
import numpy as np

N = 2_000_000
a = np.ones(N, dtype=np.float32)
b = a * 2.5 + 1.0
c = np.ones(N)
d = (a + 1) * c
