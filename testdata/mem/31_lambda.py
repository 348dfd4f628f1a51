# kind: function
# A lambda bound to a name and called later runs like a local function: its temporaries count,
# and it reads the names of the function it is defined in.
import numpy as np


def f(n, k):
    scale = np.ones(n) * k
    fprime = lambda x: 1 - np.power(np.tanh(x), 2)
    g = lambda x: x * scale
    a = np.ones((n, n))
    b = fprime(a)
    c = g(a[0])
    return b, c


r = f(600, 3)
