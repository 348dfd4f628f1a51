# Arithmetic assigned into part of an array builds the whole result in a new array first, then
# copies it in: the seed's stencil computes it in the part itself with out=.
import argparse

import numpy as np

N = 2048


def stencil(steps):
    grid = np.zeros((N, N))
    for _ in range(steps):
        new = grid.copy()
        new[1:-1, 1:-1] = 0.25 * (grid[:-2, 1:-1] + grid[2:, 1:-1] + grid[1:-1, :-2] + grid[1:-1, 2:])  # want "`0.25 \\* \\(grid\\[:-2, 1:-1\\] \\+...` allocates a new array of 33,488,928 bytes only to copy it into `new\\[1:-1, 1:-1\\]`; compute it there with `out=`"
        grid = new
    return grid


def once():
    # made once: a temporary of NumPy's is worth a rewrite from once-min-bytes (64 MiB) on
    a = np.ones(2 * N * N)
    b = np.ones(2 * N * N)
    out = np.empty(4 * N * N)
    out[: 2 * N * N] = a * b  # want "`a \\* b` allocates a new array of 67,108,864 bytes only to copy it into `out\\[: 2 \\* N \\* N\\]`"
    return out


def simulate(n, steps):
    # n is the command line's -n: the sizes are known at its default
    grid = np.zeros((n, n))
    for _ in range(steps):
        new = np.empty_like(grid)
        new[1:-1, 1:-1] = grid[:-2, 1:-1] + grid[2:, 1:-1]  # want "allocates a new array of 31,936,032 bytes only to copy it into `new\\[1:-1, 1:-1\\]`"
        grid = new
    return grid


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=2000)
    parser.add_argument("--steps", type=int, default=10)
    args = parser.parse_args()
    return simulate(args.n, args.steps)


def stated(n, steps):
    # n's only caller states it: 4000, so the grid is 128 MB (a call site is a known size)
    grid = np.zeros((n, n))
    for _ in range(steps):
        new = np.empty_like(grid)
        new[1:-1, 1:-1] = grid[:-2, 1:-1] + grid[2:, 1:-1]  # want "allocates a new array of 127,872,032 bytes only to copy it into `new\\[1:-1, 1:-1\\]`"
        grid = new
    return grid


def run_stated():
    return stated(4000, 10)
