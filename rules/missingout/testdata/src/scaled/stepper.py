# A CuPy time stepper that takes its state as a parameter and rebinds it on every iteration:
# from the second iteration on the name holds an array the loop made, so one copy before the loop
# lets every update run in place. The first iteration's array is the caller's, so no fix is
# offered: where the copy goes needs a human.
import argparse

import cupy as cp


def step(u, f, dt, n_steps):
    for _ in range(n_steps):
        u = u + dt * f  # want "allocates a new array of 4·n·n bytes on every iteration; copy `u` once before the loop"
    return u


def kept(u, f, n_steps):
    # every iteration's array is kept: updating in place would change the history
    history = []
    for _ in range(n_steps):
        u = u + f
        history.append(u)
    return history


def branch(u, f, n_steps):
    # rebound only on some iterations: not every iteration's array is the loop's own
    for i in range(n_steps):
        if i % 2:
            u = u + f
    return u


def run(n):
    u = cp.zeros((n, n), dtype=cp.float32)
    f = cp.ones((n, n), dtype=cp.float32)
    return step(u, f, 0.1, 100), kept(u, f, 10), branch(u, f, 10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, required=True)
    run(parser.parse_args().n)
