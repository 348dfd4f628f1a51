# kind: straight-line
# Boolean masks are one byte per element; where() and in-place masked assignment.
import numpy as np

N = 2_000_000
x = np.linspace(-1.0, 1.0, N)
m = x > 0
y = np.where(m, x, 0.0)
x[m] = 0.0
z = np.logical_and(m, y < 0.5)
