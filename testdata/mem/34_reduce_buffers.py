# kind: straight-line
# A reduction of a 2-D array goes through a buffer of min(size, 8192) elements
# (npapi.ReduceBuffers), as in numpy-benchmarks' multiple_sum: np.sum(x - x[i, :], 0).
import numpy as np

x = np.ones((200, 200))
y = x - x[3, :]
z = np.sum(y, 0)
