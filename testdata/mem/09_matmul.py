# kind: straight-line
# Matrix products and reductions over an axis.
import numpy as np

A = np.ones((800, 600))
B = np.ones((600, 700))
C = A @ B
D = np.dot(C, C.T)
col = D.sum(axis=0)
m = C.mean(axis=1)
