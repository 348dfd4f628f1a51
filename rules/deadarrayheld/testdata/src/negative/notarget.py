import numpy as np


# no memory target: holding `a` is not reported
def phases():
    a = np.ones((1024 * 1024,))
    b = a * 2
    c = np.zeros((4 * 1024 * 1024,))
    return b, c
