# kind: function
# The heat stencil written with out= buffers: grid and new, 16·n² bytes, and NumPy's iterator
# buffers of the strided operands of its in-place operations (3·min(n², 8192)·8 bytes) at its peak.
import argparse

import numpy as np


def simulate(n, steps):
    grid = np.zeros((n, n))
    grid[0, :] = 100.0
    new = np.empty_like(grid)
    for _ in range(steps):
        inner = new[1:-1, 1:-1]
        np.add(grid[:-2, 1:-1], grid[2:, 1:-1], out=inner)
        inner += grid[1:-1, :-2]
        inner += grid[1:-1, 2:]
        inner *= 0.25
        new[0, :], new[-1, :], new[:, 0], new[:, -1] = grid[0, :], grid[-1, :], grid[:, 0], grid[:, -1]
        grid, new = new, grid
    return grid


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=3)
    args = parser.parse_args()
    return simulate(args.n, args.steps).sum()


if __name__ == "__main__":
    main()
