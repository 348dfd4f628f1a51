# kind: loop
# Appending to a list grows memory every iteration.
import numpy as np

N = 250_000
parts = []
for i in range(8):
    parts.append(np.full(N, i, dtype=np.float64))
total = np.concatenate(parts)
