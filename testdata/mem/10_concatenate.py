# kind: straight-line
# Joins copy every input into a new array.
import numpy as np

a = np.ones((500, 1000))
b = np.zeros((300, 1000))
c = np.concatenate([a, b])
s = np.stack([a, a])
h = np.hstack((a, a))
