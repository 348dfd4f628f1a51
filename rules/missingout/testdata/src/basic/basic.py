# Large temporaries where an output buffer exists or could.
import numpy as np

N = 16 * 1024 * 1024
rng = np.random.default_rng(0)


def oom_guide():
    a = np.ones((N - 2,))
    b = np.zeros((N,))
    b[1:-1] = a
    c = b + 2  # want "`b \\+ 2` allocates 134,217,728 bytes while `b` is never used again; reuse `b`"
    d = c + 3  # want "`c \\+ 3` allocates 134,217,728 bytes while `c` is never used again"
    return d


def self_update():
    a = rng.random(N)
    b = rng.random(N)
    a = a + b  # want "`a = a \\+ b` allocates a new array of 134,217,728 bytes; update `a` in place"
    a = a * 2.0  # want "`a = a \\* 2.0` allocates a new array"
    a = a * 2.0 + 1.0  # want "`a = a \\* 2.0 \\+ 1.0` allocates a new array"
    return a, b


def compound(x, y):
    x = rng.random(N, dtype=np.float32)
    y = rng.random(N, dtype=np.float32)
    z_alt = x * y + 1.0  # NumPy adds 1.0 into the temporary x * y: one array (elision.go); cupychains.py
    w = x * y + x - 1.0  # the same: no temporary beside the result on NumPy
    return x, y, z_alt, w


def dead_compound():
    b = rng.random(N)
    r = b * 2.0 + 1.0  # want "`b \\* 2.0 \\+ 1.0` allocates 134,217,728 bytes while `b` is never used again"
    return r


def per_iteration(x: np.ndarray):
    a = rng.random(N)
    b = rng.random(N)
    for _ in range(10):
        t = a * b  # want "`a \\* b` allocates 134,217,728 bytes on every iteration; preallocate and pass `out=`"
        x += t.sum()
    return a, b


def accumulate():
    acc = np.zeros(N)
    x = rng.random(N)
    for _ in range(5):
        acc = acc + x  # want "`acc = acc \\+ x` allocates a new array"
    return acc, x


def two_dimensional():
    img = np.zeros((4096, 4096, 3), dtype=np.float32)
    out = img * 0.5 + 0.25  # elided on NumPy: the 0.25 is added into img * 0.5 (cupychains.py)
    return img, out


def module_constant_size():
    s = np.full(N, 3.0)
    t = s ** 2  # want "`s \\*\\* 2` allocates 134,217,728 bytes while `s` is never used again"
    return t


def commutative_operands():
    a = rng.random(N)
    b = rng.random(N)
    a = b + a  # want "`a = b \\+ a` allocates a new array of 134,217,728 bytes; update `a` in place"
    c = rng.random(N)
    d = 2.0 * c  # want "`2.0 \\* c` allocates 134,217,728 bytes while `c` is never used again; reuse `c`"
    return a, b, d


def multi_line_compound():
    x = rng.random(N)
    # elided on NumPy: np.cos(x) and x are added into np.sin(x)'s array (cupychains.py)
    y = (
        np.sin(x)
        + np.cos(x)
        + x
    )
    return y


def comment_inside():
    x = rng.random(N)
    # elided on NumPy: x and 1.0 are added into np.sin(x)'s array, which reusing x would make too
    y = (
        np.sin(x)  # the rewrite would lose this comment: no fix
        + x
        + 1.0
    )
    return y
