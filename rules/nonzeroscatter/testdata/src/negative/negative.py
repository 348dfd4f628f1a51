# Index arrays used only to read, count or pass on; masks used directly: nothing to report.
import mylib
import numpy as np

N = 1_000_000
rng = np.random.default_rng(0)


def gather_only():
    a = rng.random(N)
    idx = np.nonzero(a > 0.5)
    b = a[idx]
    return b


def counting():
    a = rng.random(N)
    idx = np.nonzero(a > 0.5)
    n = len(idx[0])
    m = idx[0].size
    return n, m


def reduction_through_indices():
    a = rng.random(N)
    idx = np.nonzero(a > 0.5)
    return a[idx].sum()


def three_argument_where():
    a = rng.random(N)
    b = np.where(a > 0.5, a, 0.0)
    b[b > 1] = 1.0
    return b


def sort_order():
    a = rng.random(N)
    order = np.argsort(a)
    a[order] = np.arange(N)
    return a


def mask_directly():
    a = rng.random(N)
    a[a > 0.5] = 0.0
    np.putmask(a, a < 0.1, 1.0)
    np.copyto(a, 2.0, where=a > 0.9)
    return a


def rebound_index():
    a = rng.random(N)
    idx = np.nonzero(a > 0.5)
    idx = slice(0, 10)
    a[idx] = 0.0
    return a


def conditional_index(flag):
    a = rng.random(N)
    if flag:
        idx = np.nonzero(a > 0.5)
    else:
        idx = slice(None)
    a[idx] = 0.0
    return a


def other_library():
    a = rng.random(N)
    idx = mylib.nonzero(a)
    a[idx] = 0.0
    return a


def shadowed(np, a):
    idx = np.nonzero(a)
    a[idx] = 0.0
    return a


def passed_on(a):
    idx = np.nonzero(a)
    mylib.process(idx)
    return idx


def loop_over_indices():
    a = rng.random(N)
    for i in np.nonzero(a > 0.5)[0]:
        a[i] = 0.0
    return a


def ufunc_at():
    a = rng.random(N)
    idx = np.nonzero(a > 0.5)
    np.add.at(a, idx, 1.0)
    return a


def parameter_index(a, idx):
    a[idx] = 0.0
    return a


def function_alias():
    finder = np.nonzero
    a = rng.random(N)
    b = finder
    return a, b


def np_rebound():
    import numpy as np
    np = mylib
    a = rng.random(N)
    idx = np.nonzero(a)
    a[idx] = 0.0
    return a


def diagonal_scatter(h):
    small = rng.random(N) < 0.1
    ind, = np.nonzero(small)
    h[ind, ind] = 1.0  # the diagonal: no mask of h selects it
    return h


def one_axis_of_2d(columns):
    rows_of = np.zeros(N, dtype=int)
    nz_rows, nz_cols = np.nonzero(columns)
    rows_of[nz_cols] = nz_rows  # a position map, not a masked update
    return rows_of
