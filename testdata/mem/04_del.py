# kind: straight-line
# del releases an array before the next allocation.
import numpy as np

N = 1_500_000
a = np.random.default_rng(0).random(N)
b = a * 2
del a
c = b + 1
del b
d = np.ones(N)
e = c + d
