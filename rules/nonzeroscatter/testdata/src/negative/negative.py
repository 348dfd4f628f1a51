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



# The reproducers of the index-is-not-a-mask-image classes: all quiet.
def indices_modified(E, c):
    I = np.flatnonzero(E)
    I[0] = 7
    c[I] = 1.0


def rows_of_2d_mask(y):
    m2 = rng.random((100, 100)) > 0.5
    rows = np.nonzero(m2)[0]
    y[rows] = 0


def target_longer_than_mask():
    m = rng.random(1000) > 0.5
    z = np.zeros(2000)
    idx = np.nonzero(m)
    z[idx] = 1.0


def structured_or_unknown_dtype(records, out):
    idx = np.nonzero(records)  # records != 0 raises for a structured dtype
    out[idx] = 0


def mask_rebound_to_indices(z):
    m = rng.random(1_000_000)
    m = np.nonzero(m)[0]
    z[m] = 0


def mask_changed_in_between():
    a = rng.random(N)
    m = a > 0.5
    idx = np.nonzero(m)
    m[0] = True
    a[idx] = 0.0


def operand_changed_in_loop():
    a = rng.random(N)
    idx = np.nonzero(a > 0.5)
    for _ in range(3):
        a[idx] = 1.0  # a changes: `a > 0.5` here would select other elements


def unknown_shapes(z: np.ndarray, m: np.ndarray, v: np.ndarray):
    idx = np.nonzero(m)
    z[idx] = v[idx]


def unknown_type(v, w):
    nz = v.nonzero()  # a scipy.sparse matrix has .nonzero() too
    w[nz] = 0


def argwhere_with_array_value():
    a = rng.random(N)
    k = np.argwhere(a > 0.5)
    a[k] = a[k] * 2  # (n, 1) indices broadcast the value differently from a mask


# Known-small arrays: the index arrays take less than min-bytes (1 MiB by default).
def small_arrays():
    a = np.arange(10)
    b = np.zeros(10)
    idx = np.nonzero(a > 3)
    b[idx] = 1
    c = rng.random((64, 64))
    c[np.nonzero(c > 0.5)] = 0.0


def identity_is_no_mask(sino):
    # `is True` compares one object with True: a Python bool, not a mask (tomopy's recon code)
    bad = np.where(np.isnan(sino) is True)
    sino[bad] = 0.0
    return sino


def membership_is_no_mask(x, labels):
    sel = np.nonzero(x in labels)
    x[sel] = 0.0
    return x


def fill_masked(data, mask=None):
    # data may be a masked array (the function handles them): through the index tuple the
    # written elements are unmasked, through the boolean mask they stay masked
    if mask is None:
        mask = np.ma.getmaskarray(data)
    filled = data.copy().ravel()
    filled[np.where(np.isnan(filled))] = 0.0
    return filled


def indices_still_needed():
    # after the scatter the indices index other arrays and are counted in three more statements:
    # taking the mask at the scatter alone saves nothing (sfepy's mesh_tools.merge_lines)
    remap = rng.integers(-1, 2, N)
    coors = rng.random((N, 3))
    ngroups = rng.integers(0, 4, N)
    vidx = np.where(remap > 0)[0]
    remap[vidx] = np.arange(len(vidx))
    n = len(vidx)
    groups = ngroups[vidx]
    return coors[vidx, :], remap, n, groups


def counted_after_the_scatter():
    # the indices are counted after the scatter: they are built anyway, and the scatter taking
    # the mask alone saves nothing
    a = rng.random(N)
    idx = np.nonzero(a > 0.5)
    a[idx] = 0.0
    return a, len(idx[0])

