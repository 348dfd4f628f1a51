# kind: straight-line
# Slices, reshape and transpose are views: no new data, but they keep the base alive.
import numpy as np

a = np.ones((1000, 1000))
v = a[100:900]
r = a.reshape(500, 2000)
t = a.T
del a
s = v.sum(axis=0)
w = v * 2
