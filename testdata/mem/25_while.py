# kind: loop
# A while loop with a rebinding: two iterations show the steady state.
import numpy as np

N = 1_000_000
x = np.ones(N)
n = 0
while n < 4:
    x = np.sqrt(x) + 1
    n += 1
