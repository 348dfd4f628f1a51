# kind: straight-line
# cumsum and sort are full-size; argsort returns int64 indices.
import numpy as np

N = 1_000_000
a = np.random.default_rng(1).standard_normal(N)
cs = np.cumsum(a)
srt = np.sort(a)
order = np.argsort(a)
mx = a.max()
