# A stencil helper returning its arithmetic, called on every step: the running sums are
# temporaries of the result's shape, where the first could hold the result.
import cupy as np  # CuPy makes every temporary; NumPy would compute these chains in one buffer (elision.go)


def laplacian(a):
    return a[2:, 1:-1] + a[1:-1, 2:] + a[:-2, 1:-1] + a[1:-1, :-2] - 4.0 * a[1:-1, 1:-1]  # want "`return a\\[2:, 1:-1\\] \\+ a\\[1:-1, 2:\\]...` allocates 3 temporaries of 7,968,032 bytes for `a\\[2:, 1:-1\\] \\+ a\\[1:-1, 2:\\]`; compute the result in it and return that"


def run(u, steps):
    for _ in range(steps):
        u[1:-1, 1:-1] += 0.1 * laplacian(u)
    return u


def main():
    return run(np.zeros((1000, 1000)), 100)
