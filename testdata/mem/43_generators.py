# kind: straight-line
# A generator expression unpacked or handed to tuple() makes all its elements at once; sum()
# takes them one at a time (one alive beside the running sum). A starred tuple in a display is
# spliced in ((*shape, 2)), and a slice bound that evaluates to None is an open end
# (a[:, k - 1 or None]).
import numpy as np

n = 400_000
shape = (200, 250)
a, b = (np.ones(n) for _ in range(2))
t = tuple(np.zeros(n) for _ in range(3))
del t
s = sum(np.full(n, float(i)) for i in range(6))
g = np.zeros((*shape, 2, 2))
k = 1
h = g[:, k - 1 or None] * 2.0
