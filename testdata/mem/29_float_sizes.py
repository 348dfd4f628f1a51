# kind: straight-line
# Sizes computed through float arithmetic: int() of a float, true division, np.ceil,
# math.ceil, round(), and arange with float bounds or step (ceil((stop - start) / step) elements).
import math

import numpy as np

n = 3000
x = np.arange(0, 1, 1.0 / n)
y = np.arange(0.0, 300, 0.1)
xn = 2000.0
radius = 0.025 / 4
cellsize = radius / np.sqrt(2)
rows = int(np.ceil(1.0 / cellsize))
grid = np.zeros((rows, int(xn) // 10))
half = np.ones(math.ceil(n / 7) * round(12.5))
big = np.zeros((round(n * 0.75), 100))
