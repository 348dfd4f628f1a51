# kind: function
# Nested calls: each frame's temporaries are gone before the next call.
import numpy as np


def make(n):
    return np.ones(n) * 2


def combine(n):
    x = make(n)
    y = make(n)
    return x + y


def main():
    r = combine(1_000_000)
    s = combine(500_000)
    return r.sum() + s.sum()


main()
