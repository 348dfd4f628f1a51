# kind: straight-line
# NumPy's iterator buffers on 2-D operations (npapi.UfuncBuffers): a broadcast row and a
# strided column slice each go through a buffer of min(size, 8192) elements.
import numpy as np

m = np.ones((128, 128))
row = np.ones(128)
s = m + row
t = m[:, 1:] - m[:, :-1]
