# Stores that must stay quiet: the result could not be computed in the part written.
import numpy as np

N = 2048


def reads_target(b):
    a = np.ones(N * N)
    a[1:] = a[:-1] + 1.0  # in place, later elements would read values already written
    return a


def alias_reads_target():
    a = np.ones(N * N)
    v = a[::2]
    a[1::2] = v * 2.0  # v is a view of a
    return a


def casts():
    a = np.zeros(N * N, dtype=np.float32)
    x = np.ones(N * N)
    a[:] = x * 2.0  # float64 result cast into float32: out= would refuse the cast
    return a


def broadcasts():
    a = np.zeros((2, N * N))
    x = np.ones(N * N)
    a[:, :] = x * 2.0  # one row broadcast over both: out= must have the result's shape
    return a


def parameter(a):
    x = np.ones(N * N)
    a[:] = x * 2.0 + 1.0  # a is the caller's: fine as it is, and nothing says how large
    return a


def small():
    a = np.zeros(100)
    x = np.ones(100)
    a[:] = x * 2.0
    return a


def masked():
    a = np.zeros(N * N)
    x = np.ones(N * N)
    a[x > 0] = x[x > 0] * 2.0  # a boolean mask: no view to write into
    return a


def rows(r, lmax):
    # rows of the data's length, one per term: a formula size, not known to be large (pyscf's
    # multipoles in bench/precision.md)
    n = r.shape[0]
    xs = np.ones((lmax + 1, n))
    c = np.empty((lmax + 1, n))
    for k in reversed(range(lmax + 1)):
        c[k] = k * xs[k] * xs[0]
    return c


def once_small():
    # made once on NumPy: 32 MiB is under once-min-bytes
    a = np.ones(N * N)
    out = np.empty(2 * N * N)
    out[: N * N] = a * 2.0
    return out
