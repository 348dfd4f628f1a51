import numpy as np

a = np.ones(10)
b = a * 2
c = = a + b
d = np.sum(c)


def after(x):
    return x + 1


class Later:
    pass
