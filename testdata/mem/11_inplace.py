# kind: straight-line
# In-place operators and out= write into existing buffers.
import numpy as np

N = 2_000_000
a = np.ones(N)
b = np.ones(N)
a += b
np.multiply(a, 2.0, out=a)
np.add(a, b, out=b)
c = np.empty_like(a)
np.sqrt(a, out=c)
