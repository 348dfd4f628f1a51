# kind: loop
# A loop-carried rebinding holds two arrays at a time.
import numpy as np

N = 1_000_000
x = np.ones(N)
for i in range(10):
    x = x * 0.5 + 1.0
y = x.copy()
