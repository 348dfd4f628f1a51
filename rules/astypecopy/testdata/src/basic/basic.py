# Arrays created only to be converted, same-dtype casts and copy=False casts.
import numpy as np

N = 10_000_000
M = 1 << 20


def creation():
    x = np.random.random(N).astype(np.float32)  # want "`random.random` makes float64 data \\(80,000,000 bytes\\) only to cast it to float32"
    a = np.zeros(N).astype(np.int32)  # want "`zeros` makes float64 data \\(80,000,000 bytes\\) only to cast it to int32"
    b = np.ones((M, 4)).astype("float32")  # want "`ones` makes float64 data \\(33,554,432 bytes\\)"
    c = np.empty(M).astype(np.float16)  # want "`empty` makes float64 data"
    d = np.full(M, 7).astype(np.int8)  # want "`full` makes int64 data"
    e = np.arange(N).astype(np.float32)  # want "`arange` makes int64 data"
    f = np.linspace(0, 1, M).astype(np.float32)  # want "`linspace` makes float64 data"
    g = np.random.rand(1024, 1024).astype(np.float32)  # want "`random.rand` makes float64 data \\(8,388,608 bytes\\)"
    h = np.random.randn(M).astype(np.float32)  # want "`random.randn` makes float64 data"
    k = np.zeros(N).astype(np.float32, order="F")  # want "`zeros` makes float64 data"
    return x, a, b, c, d, e, f, g, h, k


def generator():
    rng = np.random.default_rng()
    u = rng.random(N).astype(np.float32)  # want "`rng.random` makes float64 data"
    v = rng.standard_normal(size=M).astype(np.float32)  # want "`rng.standard_normal` makes float64"
    w = rng.integers(0, 10, size=M).astype(np.int32)  # want "`rng.integers` makes int64 data"
    return u, v, w


def like(x: np.ndarray):
    z = np.zeros_like(x).astype(np.float32)  # want "`zeros_like` makes an array only to cast it to float32"
    return z


def same_dtype():
    a = np.zeros(N, dtype=np.float32)
    b = (a + 1).astype(np.float32)  # want "`a \\+ 1` is already float32: `astype` copies it anyway \\(40,000,000 bytes\\)"
    c = np.arange(N, dtype=np.int64).astype(np.int64)  # want @9-54 "`np.arange\\(N, dtype=np.int64\\)` is already int64"
    d = np.eye(3000).astype(float)  # want "`np.eye\\(3000\\)` is already float64"
    return b, c, d


def multi_line():
    x = (np.zeros(N)  # want @9-+1:33 "`np.zeros\\(N\\) \\+ 1` is already float64"
         + 1).astype(np.float64)
    y = np.ones(N).astype(  # want "`np.ones\\(N\\)` is already float64"
        np.float64)
    return x, y


def copy_false():
    a = np.ones(N)
    b = a.astype(np.float32, copy=False)  # want "`copy=False` cannot avoid the copy: float64 to float32 always allocates \\(40,000,000 bytes\\)"
    return b


def char_codes():
    a = np.random.random(N).astype("f")  # want "`random.random` makes float64 data \\(80,000,000 bytes\\) only to cast it to float32"
    b = np.arange(0, N, 2).astype("f8")  # want "`arange` makes int64 data"
    return a, b


def comprehension(parts):
    blocks = [np.zeros((M, 4)).astype(np.float32) for _ in parts]  # want "`zeros` makes float64 data \\(33,554,432 bytes\\) only to cast it to float32"
    return blocks


def made_no_copy(n):
    # copy=False cannot keep a float64 draw from being copied to float32
    return np.random.random(n).astype(np.float32, copy=False)  # want "`random.random` makes float64 data only to cast it to float32; `copy=False` cannot avoid the copy"
