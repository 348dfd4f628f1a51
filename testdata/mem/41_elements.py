# kind: loop
# a[i, j] with an integer for every axis is one element, a NumPy scalar: a ufunc of it is a
# scalar, and an array plus it is one array; an integer element used as an index selects a
# view, not a copy (it is not an index array).
import numpy as np

n = 1500
a = np.ones((n, n))
trace = 0.0
for i in range(a.shape[0]):
    trace += np.tanh(a[i, i])
b = a + trace
idx = np.arange(12, dtype=np.int32).reshape(3, 4)
g = np.ones((4, 40, 30, 30))
sel = g[1, idx[2, 3]] @ g[2, 0]
