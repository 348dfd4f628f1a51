# kind: straight-line
# Unary operators reuse large temporaries; ufunc calls do not.
import numpy as np

N = 1_000_000
a = np.ones(N)
b = -(a + 1)
c = np.exp(a * 2)
d = abs(a - 3)
e = np.abs(a - 3)
