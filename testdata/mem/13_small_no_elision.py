# kind: straight-line
# Temporaries under 256 KiB are never reused: each operation allocates.
import numpy as np

N = 20_000
a = np.ones(N)
b = np.ones(N)
c = a + b + a + b
d = (a * b) + (b * a)
