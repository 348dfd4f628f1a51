# kind: loop
# A temporary per iteration is released when it is rebound.
import numpy as np

N = 1_000_000
acc = np.zeros(N)
for k in range(5):
    t = np.ones(N) * k
    acc += t
