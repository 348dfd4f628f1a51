# One-input ufuncs of arithmetic the rule leaves alone.
import numpy as np

n = 1000
i = np.arange(n * n).reshape(n, n)
x = np.random.default_rng(0).random((n, n))
m = x > 0.5
small = np.ones(100)
for _ in range(100):
    a = np.sqrt(i + i)  # an integer sum: the float result cannot live in its buffer
    b = np.sqrt(x + x, where=m)  # where= leaves the unselected elements to a new buffer
    c = np.sqrt(small + 1.0)  # 800 bytes
    d = np.sqrt(x * 2.0).astype(np.float32)  # not assigned as the ufunc's result
    print(a.sum() + b.sum() + c.sum() + d.sum())
