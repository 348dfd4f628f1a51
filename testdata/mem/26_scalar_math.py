# kind: straight-line
# Shapes computed from integer arithmetic and tuples.
import numpy as np

rows = 512 * 2
cols = rows // 2 + 12
shape = (rows, cols)
a = np.zeros(shape)
b = np.ones((rows, 3))
c = a[:, :3] + b
