# Conversions the program needs, or whose source dtype it does not choose: nothing to report.
import cupy as cp
import numpy as np
import torch

N = 10_000_000


def loaded(path):
    a = np.load(path).astype(np.float32)  # data from a file
    b = np.fromfile(path).astype(np.float32)
    c = np.loadtxt(path).astype(np.float32)
    return a, b, c


def parameters(x: np.ndarray, y, z):
    a = x.astype(np.float32)  # a parameter of unknown dtype
    b = y.astype(np.float32)  # an unknown value
    c = z.astype(z.dtype)
    return a, b, c


def needed_conversions():
    a = np.zeros(N, dtype=np.float32)
    b = (a * 2).astype(np.float64)  # computed data converted on purpose
    c = np.arange(N)
    d = c.astype(np.float32)  # a named array converted to another dtype, and read again
    return b, c, d


def copy_false_same_dtype():
    a = np.zeros(N, dtype=np.float32)
    return a.astype(np.float32, copy=False)  # no copy happens


def dynamic(dt):
    return np.zeros(N).astype(dt)  # the target dtype is not known


def converted_input(data):
    return np.asarray(data).astype(np.float32)  # asarray of outside data


def scalar_sample():
    return np.random.random().astype(np.float32)  # one scalar, not an array


def other_libraries(df):
    t = torch.zeros(N).type(torch.float32)
    s = df["col"].astype(np.float32)
    return t, s


def shadowed():
    np = FakeArrayModule()  # read as an array module: see ../modulevalue
    return np.zeros


def np_rebound():
    import numpy as np
    np = None
    return np.zeros(N).astype(np.float32)


def method_chain(x: np.ndarray):
    return x.reshape(-1).astype(np.float64)  # a view of a parameter


class Model:
    def weights(self):
        return self.w.astype(np.float32)  # attribute of unknown type


def explicit_copy():
    a = np.arange(N)
    b = a.astype(np.int64, copy=True)  # the copy is asked for
    c = a.astype("d")  # int64 to float64 is a real conversion
    return b, c


# Known-small arrays: the copy costs less than min-bytes (1 MiB by default).
def small_arrays():
    a = np.zeros(10).astype(np.float32)
    b = np.arange(100).astype(np.float64)
    c = np.eye(3).astype(float)
    d = np.ones((64, 64), dtype=np.float32).astype(np.float32)
    return a, b, c, d


# The creator cannot make the target dtype with the same values: no finding.
def cannot_create_directly(n):
    rng = np.random.default_rng()
    a = np.random.randint(0, 10, size=n).astype(np.float64)  # randint(dtype=float) raises
    b = rng.integers(0, 10, size=n).astype(np.complex64)  # integers(dtype=complex) raises
    c = np.arange(n).astype(bool)  # arange(dtype=bool) raises past 2 elements
    d = np.arange(0, n, 0.5).astype(int)  # a fractional step computed as int drifts
    e = rng.integers(0, 2, size=n).astype(bool)  # CuPy's integers takes no bool
    legacy = np.random.RandomState()
    f = legacy.randint(0, 2, size=n).astype(bool)
    g = cp.random.default_rng().integers(0, 2, size=n).astype(bool)  # CuPy: no dtype=bool
    return a, b, c, d, e, f, g


# The default integer is int32 on Windows before NumPy 2: astype(np.int64) is not a no-op there.
def platform_int(n):
    a = np.arange(n).astype(np.int64)
    b = np.arange(10_000_000).astype(np.int64)
    c = np.arange(10_000_000, dtype=np.int64).astype(int)
    d = np.arange(N).astype(int)  # the default integer and `int` differ from intp on Windows
    e = np.nonzero(np.ones(N))[0].astype(int)  # intp to C long
    return a, b, c, d, e


# Integer values out of the target's range: astype wraps them, arange(dtype=) would not.
def wrapping():
    return np.arange(33_707_000).astype(np.uint8)


# copy=False on an array of unknown size: nothing worth changing.
def copy_false_unknown(xy):
    return xy[:, -1].astype(np.int32, copy=False)


# A same-dtype astype of a named array is the copy idiom: the copy may be what the code wants.
def copy_idiom(f):
    a = np.zeros(N, dtype=np.float32)
    b = a.astype(np.float32)
    f(b)
    return a


def tiny_in_comprehension(parts):
    # Known small inside a comprehension: quiet, as outside one.
    return [np.zeros(3).astype(bool) for _ in parts]
