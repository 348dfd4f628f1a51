# What the per-iteration and caller-bound sizes leave alone.
from dataclasses import dataclass

import numpy as np


def grid(x):
    d = x.T - x
    return d * d * 0.5 + 1.0  # the only call is once, outside loops: 8 MB is under once-min-bytes


def spread(x):
    d = x.T - x
    e = d * d * 0.5 + 1.0  # the calls pass arrays of two shapes: x's size is not known
    return e.sum() + d.sum()


def callback(x):
    d = x.T - x
    e = d * d * 0.5 + 1.0  # passed on as well: its calls are not all in sight, so once
    return e.sum() + d.sum()


@dataclass
class Checked:
    pos: np.ndarray

    def __post_init__(self):
        self.pos = self.pos[:10]  # a dataclass with code of its own: its fields are not known


def measure(c):
    x = c.pos[:, 0:1]
    d = x.T - x
    e = d * d * 0.5 + 1.0
    return e.sum() + d.sum()


@dataclass
class Grid:
    u: np.ndarray


def shrink(g):
    g.u = g.u[:10]  # the caller's record no longer holds the (1000, 1) array


def step(g):
    x = g.u[:, 0:1]
    d = x.T - x
    e = d * d * 0.5 + 1.0  # g.u is 10 rows here, not what main made
    return e.sum() + d.sum()


def main(hooks):
    x = np.random.default_rng(0).random((1000, 1))
    grid(x)
    spread(x)
    hooks.append(callback)
    c = Checked(x)
    g = Grid(x)
    shrink(g)
    for _ in range(100):
        step(g)
        spread(np.ones((10, 1)))
        callback(x)
        measure(c)


if __name__ == "__main__":
    main([])
