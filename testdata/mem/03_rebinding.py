# kind: straight-line
# Rebinding allocates the new value before the old one is released.
import numpy as np

N = 2_000_000
x = np.ones(N)
x = x * 3
x = x + 1
y = x.copy()
x = np.sqrt(y)
