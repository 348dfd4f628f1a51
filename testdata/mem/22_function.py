# kind: function
# Locals of a function die when it returns; the result survives.
import numpy as np

N = 1_000_000


def normalize(v):
    mean = v.mean()
    centered = v - mean
    scaled = centered / 2.0
    return scaled


a = np.ones(N)
b = normalize(a)
c = b + 1
