# kind: straight-line
# Slice objects index as the slices they stand for: a[s] with s a tuple of slice(...) values, the
# list-of-slices idiom a[tuple(sl)], and a step in a slice object (a view every other row).
import numpy as np

a = np.ones((1000, 1000))
s = (slice(1, -2), slice(None))
b = a[s] * 2.0
sl = [slice(None)] * 2
sl[1] = slice(1, None)
c = a[tuple(sl)] - a[tuple(sl)]
d = a[slice(0, 500)] + 1.0
e = a[slice(None, None, 2)] * 3.0
