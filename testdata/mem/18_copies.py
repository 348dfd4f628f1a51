# kind: straight-line
# flatten always copies, ravel of a transpose copies, ravel of a contiguous array does not.
import numpy as np

a = np.ones((1000, 1000))
f = a.flatten()
r = a.ravel()
rt = a.T.ravel()
cp = np.copy(a)
