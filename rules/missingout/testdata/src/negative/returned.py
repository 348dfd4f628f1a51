# Returned arithmetic the rule leaves alone.
import numpy as np


def once(a):
    return a[2:] + a[:-2] - 2.0 * a[1:-1]  # called once, outside loops: 8 MB is under once-min-bytes


def first(a):
    for row in a:
        if row.sum() > 0:
            return a * 2.0 + 1.0 - a  # returns once per call, though it stands in a loop
    return a


def main():
    a = np.ones(1_000_000)
    b = np.ones((1000, 1000))
    return once(a), first(b)
