# kind: straight-line
# NumPy's iterator buffers (npapi.UfuncBuffers): an operand cast to the loop's dtype is copied
# through a buffer of min(n, 8192) elements while the operation runs; no cast, no buffer.
import numpy as np

n = 4096
a = np.ones(n)
b = a * 2.0
c = a * 1j
d = b + c
