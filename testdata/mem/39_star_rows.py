# kind: straight-line
# A call given an array unpacked with * gets one argument per row, each a view of the array:
# the index grids stay alive through the call, and the function's temporaries count.
import numpy as np

n = 1000
grid = (lambda i, j: ((i * j + 1) % n) / n)(*np.indices((n, n), dtype=np.float64))
