# Temporaries whose size is a formula over the data the code is given, allocated on every
# iteration of a loop: the message gives the formula.
import numpy as np


def gradient_steps(A, iters):
    n = A.shape[0]
    x = np.zeros(n)
    p = np.ones(n)
    for _ in range(iters):
        x = x * 0.5 + p  # want "`x = x \\* 0.5 \\+ p` allocates a new array of 8·A.shape\\[0\\] bytes; update `x` in place"
    return x


def per_iteration_buffer(X, steps):
    w = np.ones(X.shape[0])
    total = 0.0
    for _ in range(steps):
        t = w * 2.0  # want "`w \\* 2.0` allocates 8·X.shape\\[0\\] bytes on every iteration; preallocate and pass `out=`"
        total += t.sum()
    return w, total


def not_dwarfed(v, steps):
    # the same vector beside an allocation of its own order: reported
    L = v.shape[0]
    total = np.zeros(L)
    for _ in range(steps):
        aux = np.zeros(L) * np.nan  # want "`np.zeros\\(L\\) \\* np.nan` allocates 8·v.shape\\[0\\] bytes on every iteration; preallocate and pass `out=`"
        aux[v > 0] = 1
        total += aux * aux
    return total
