# kind: function
# A heat stencil sized from the command line: argparse defaults reach simulate() through main().
import argparse

import numpy as np


def simulate(n, steps):
    grid = np.zeros((n, n))
    grid[0, :] = 100.0
    for _ in range(steps):
        new = grid.copy()
        new[1:-1, 1:-1] = 0.25 * (grid[:-2, 1:-1] + grid[2:, 1:-1] + grid[1:-1, :-2] + grid[1:-1, 2:])
        grid = new
    return grid


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", "--size", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=3)
    args = parser.parse_args()
    out = simulate(args.size, args.steps)
    return out.sum()


if __name__ == "__main__":
    main()
