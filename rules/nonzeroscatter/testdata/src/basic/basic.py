# Index arrays from nonzero / where / argwhere used to scatter into arrays.
import numpy as np

N = 1_000_000
rng = np.random.default_rng(0)


def seed_pattern():
    x = rng.random(N, dtype=np.float32)
    y = rng.random(N, dtype=np.float32)
    cond_idx = np.nonzero((x < 0.25) & (y > 0.5))
    z = x + y
    z_alt = x * y
    z[cond_idx] = z_alt[cond_idx]  # want "scatter through `cond_idx` from `nonzero`; index with `\\(x < 0.25\\) & \\(y > 0.5\\)` instead \\(indices up to 8,000,000 bytes\\)"
    return z


def scalar_fill():
    a = rng.random(N)
    idx = np.nonzero(a > 0.9)
    a[idx] = 0.0  # want "scatter through `idx` from `nonzero`; index with `a > 0.9`"
    return a


def augmented():
    a = rng.random(N)
    hot = a > 0.5
    idx = np.nonzero(hot)
    a[idx] += 1.0  # want "scatter through `idx`"
    return a


def expression_value():
    a = rng.random(N)
    b = rng.random(N)
    idx = np.nonzero(b < 0.1)
    a[idx] = 2.0 * 3.0  # want "scatter through `idx`"
    return a


def unpacked_rows_cols():
    grid = rng.random((1000, 1000))
    m = grid > 0.5
    rows, cols = np.nonzero(m)
    grid[rows, cols] = 0.0  # want "scatter through `rows, cols` from `nonzero`; index with `m`"
    return grid


def one_argument_where():
    a = rng.random(N)
    b = rng.random(N)
    idx = np.where(a > b)
    a[idx] = b[idx]  # want "scatter through `idx` from `where`"
    return a


def inline_nonzero():
    a = rng.random(N)
    a[np.nonzero(a < 0.0)] = 0.0  # want "scatter through `np.nonzero\\(a < 0.0\\)`"
    return a


def first_index_array():
    a = rng.random(N)
    idx = np.nonzero(a > 0.5)[0]
    a[idx] = 1.0  # want "scatter through `idx` from `nonzero`"
    return a


def argwhere_indices():
    a = rng.random(N)
    k = np.argwhere(a > 0.5)
    a[k] = 0.0  # want "scatter through `k` from `argwhere`"
    return a


def flat_indices():
    a = rng.random(N)
    f = np.flatnonzero(a > 0.5)
    a[f] = 1.0  # want "scatter through `f` from `flatnonzero`"
    return a


def method_nonzero():
    a = rng.random(N)
    m = a > 0.5
    idx = m.nonzero()
    a[idx] = 0.0  # want "scatter through `idx` from `nonzero`; index with `m`"
    return a


def gather_in_value():
    a = rng.random(N)
    idx = np.nonzero(a > 0.5)
    a[idx] = a[idx] * 0.5  # want "scatter through `idx`"
    return a


def subtract_through_indices():
    a = rng.random(N)
    b = rng.random(N)
    idx = np.nonzero(a > b)
    a[idx] -= b[idx]  # want "scatter through `idx`"
    return a


def numeric_mask():
    counts = rng.integers(0, 3, size=N)
    out = np.zeros(N)
    idx = np.nonzero(counts)
    out[idx] = 1.0  # want "scatter through `idx` from `nonzero`; index with `counts != 0` instead"
    return out


def named_comparison(x, y):
    small = x < y
    idx = np.nonzero(small)
    y[idx] = 0  # want "scatter through `idx` from `nonzero`; index with `small` instead"
    return y


def non_leading_axis():
    X = rng.random((100, 200_000))
    norms = rng.random(200_000)
    nz = np.flatnonzero(norms)
    X[:, nz] /= norms[nz]  # want @5-26 "scatter through `nz` from `flatnonzero`; index with `norms != 0` instead"
    X[10:, nz] = 0.0  # want "scatter through `nz` from `flatnonzero`"
    return X


def plain_name_mask():
    a = rng.random(N)
    hot = a > 0.5
    idx = np.nonzero(hot)
    a[idx] = 1.0  # want "scatter through `idx` from `nonzero`; index with `hot` instead"
    b = rng.random(N)
    b[idx] = 2.0  # want "scatter through `idx` from `nonzero`; index with `hot` instead"
    return a, b


def multi_line_mask():
    a = rng.random(N)
    idx = np.nonzero((a > 0.5)
                     & (a < 0.75))
    a[idx] = 1.0  # want "index with `\\(a > 0.5\\) & \\(a < 0.75\\)` instead"
    return a


def one_mask_two_scatters():
    # the same indices serve two scatters (obspy's segy pack): still one pass each way, and the
    # mask saves the index arrays
    fraction = rng.random(N)
    exponent = rng.integers(0, 64, N)
    ones = np.where(fraction == 1.0)
    fraction[ones] = 0.0625  # want "scatter through `ones` from `where`; index with `fraction == 1.0`"
    exponent[ones] += 1  # fraction changed above: `fraction == 1.0` is not what `ones` holds
    return fraction, exponent


def indices_serve_many_statements():
    # the indices are built once and read by four statements: the mask at each read saves their
    # memory but redoes a pass over every element (sfepy's fields_hierarchic, 29 % slower), so
    # the fix is display-only
    eori = rng.integers(0, 8, (N, 9))
    a = rng.integers(0, 8, (N, 9))
    i0 = np.where(eori < 4)
    eori[i0] = np.bitwise_and(eori[i0], a[i0])  # want "scatter through `i0` from `where`; index with `eori < 4` instead"
    eori[i0] = np.bitwise_or(eori[i0], 1)
    b = a[i0] * 2
    c = eori[i0] + b
    return eori, c


def nonzero_of_parameter(arr):
    # the mask's dtype is not known: numeric unless the code says otherwise, so the finding
    # stands; `arr != 0` differs from nonzero only on an object array, so the fix is unsafe
    arr[np.nonzero(arr)] = 1.0  # want "scatter through `np.nonzero\\(arr\\)` from `nonzero`; index with `arr != 0` instead"
