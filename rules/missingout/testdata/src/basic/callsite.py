# The conjugate-gradient loop: called once, from main, with float64 arrays, its x and r
# are float64 arrays of n elements made here, so each update can be made in place.
import numpy as np


def cg(A, b, tol=1e-8, maxiter=100):
    x = np.zeros(A.shape[1])
    r = b - A @ x
    p = r.copy()
    rs = r @ r
    for _ in range(maxiter):
        Ap = A @ p
        alpha = rs / (p @ Ap)
        x = x + alpha * p  # NumPy adds x into the temporary alpha * p: `x += alpha * p` makes it too
        r = r - alpha * Ap  # want "`r = r - alpha \\* Ap` allocates a new array of 8·n bytes; update `r` in place"
        rs_new = r @ r
        if np.sqrt(rs_new) < tol:
            break
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x


def main(n=200_000):
    rng = np.random.default_rng(0)
    A = np.diag(rng.random(n) + 1.0)
    b = rng.random(n)
    return cg(A, b)
