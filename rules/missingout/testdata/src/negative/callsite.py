# The same loop called with complex right-hand sides as well as real ones: p may be complex, so
# `x += alpha * p` on the float64 x would raise; a function called twice keeps its parameters
# unknown.
import numpy as np


def cg(A, b, tol=1e-8, maxiter=100):
    x = np.zeros(A.shape[1])
    r = b - A @ x
    p = r.copy()
    rs = r @ r
    for _ in range(maxiter):
        Ap = A @ p
        alpha = rs / (p @ Ap)
        x = x + alpha * p
        rs = r @ r
    return x


def main(n=200_000):
    A = np.eye(n)
    real = cg(A, np.ones(n))
    cplx = cg(A, np.ones(n) * 1j)
    return real, cplx
