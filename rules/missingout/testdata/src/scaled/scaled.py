# Code written for scale (it imports cupy): a temporary of unknown size counts as large when
# its size comes from the problem size the program is run with (a command-line option).
import argparse

import cupy as cp
import numpy as np


def unknown_sizes(a: np.ndarray, b: np.ndarray, n, m):
    a = a + b
    c = cp.zeros((n, m)) * 2 + 1  # want "allocates a temporary of 8·n·m bytes .*large by scale auto: the program.s problem size"
    return a, c, cp.asarray(c)


def one_extent(n):
    # a vector as long as one length of the data, which nothing in the file sets (a coordinate
    # axis): minor beside the data, held back by scale auto
    t = np.zeros(n) * 2 + 1
    return cp.asarray(t)


def diagonal(xp, n):
    a = xp.random.rand(n, n)
    a = a + n * xp.eye(n)  # want "`a = a \\+ n \\* xp.eye\\(n\\)` allocates a new array of 8·n·n bytes; update `a` in place"
    m = xp.zeros((n, n)) + 8 * xp.eye(n)  # want "allocates 8·n·n bytes for a result both temporaries"
    s = xp.exp(a) + xp.log(a)  # a formula of two computed terms: left as written
    return a, m, s


def dwarfed(xp, n):
    big = xp.ones((n, n // 100, 100))
    b = xp.arange(n)
    idx = b % 10  # an n-vector beside the n × n/100 × 100 array: reusing b saves nothing that matters
    return big[idx]


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, required=True)
    parser.add_argument("--m", type=int, required=True)
    args = parser.parse_args()
    unknown_sizes(np.ones(3), np.ones(3), args.n, args.m)
    diagonal(cp, args.n)
    dwarfed(cp, args.n)
