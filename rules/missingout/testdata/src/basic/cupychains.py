# Chains of arithmetic on CuPy, which does not elide temporaries: each operator allocates, so
# the temporaries NumPy would reuse (basic.py) are reported here, with their fixes.
import cupy as cp

N = 16 * 1024 * 1024


def compound(x, y):
    x = cp.random.random(N, dtype=cp.float32)
    y = cp.random.random(N, dtype=cp.float32)
    z_alt = x * y + 1.0  # want "`x \\* y \\+ 1.0` allocates a temporary of 67,108,864 bytes for `x \\* y`; compute it in place"
    w = x * y + x - 1.0  # want "allocates 2 temporaries of 67,108,864 bytes for `x \\* y`"
    return x, y, z_alt, w


def two_dimensional():
    img = cp.zeros((4096, 4096, 3), dtype=cp.float32)
    out = img * 0.5 + 0.25  # want "allocates a temporary of 201,326,592 bytes for `img \\* 0.5`"
    return img, out


def update():
    x = cp.random.random(N)
    p = cp.random.random(N)
    alpha = 0.5
    x = x + alpha * p  # want "`x = x \\+ alpha \\* p` allocates a new array of 134,217,728 bytes; update `x` in place"
    return x


def multi_line_compound():
    x = cp.random.random(N)
    # want +1 "allocates a temporary of 134,217,728 bytes"
    y = (
        cp.sin(x)
        + cp.cos(x)
        + x
    )
    return y


def comment_inside():
    x = cp.random.random(N)
    # want +1 "`cp.sin\\(x\\) \\+ x \\+ 1.0` allocates 134,217,728 bytes while `x` is never used again"
    y = (
        cp.sin(x)  # the rewrite would lose this comment: no fix
        + x
        + 1.0
    )
    return y
