# arraylint: target --hbm 1GiB
import numpy as xp
from numpy import ones as mk


def f():
    a = mk((1 << 20,))
    b = a * 2  # want "holding `a` \\(8.0 MiB\\) until the end of the scope"
    c = xp.zeros((1 << 21,))
    return b, c
