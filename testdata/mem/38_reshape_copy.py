# kind: straight-line
# Reshaping an array that is not C-contiguous copies it, and what reshape returns is a view of
# that copy: it does not own its data, so NumPy does not reuse it in place for the product
# (the copy and the product are both live). The same reshape of a contiguous array is a view.
import numpy as np

n = 1 << 18
y = np.ones(n, dtype=np.complex128)
d = np.ones(n, dtype=np.complex128)
perm = np.transpose(np.reshape(y, (n // 2, 2, 1)), axes=(1, 0, 2))
twid = np.reshape(perm, (n,)) * d
flat = np.reshape(y, (n // 2, 2)) * d.reshape(n // 2, 2)
