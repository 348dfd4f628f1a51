# arraylint: target --hbm 1GiB
import numpy as np


def phases():
    a = np.ones((1024 * 1024,))
    b = a * 2  # want "holding `a` \\(8.0 MiB\\) until the end of the scope raises the peak at line 8 by 8.0 MiB"
    c = np.zeros((4 * 1024 * 1024,))
    return b, c


def two_dead():
    x = np.ones((2048, 2048))
    y = np.ones((2048, 2048))
    s = x + y  # want "holding `x` \\(32.0 MiB\\)" "holding `y` \\(32.0 MiB\\)"
    big = np.empty((8192, 2048))
    return s, big


def before_loop(n):
    w = np.random.rand(1024, 1024)
    total = w.sum()  # want "holding `w` \\(8.0 MiB\\)"
    for i in range(10):
        tmp = np.zeros((2048, 1024))
        total += tmp.mean()
    return total


def in_branch(flag):
    a = np.ones((1 << 20,))
    if flag:
        print(a.sum())  # want "holding `a` \\(8.0 MiB\\)"
    b = np.ones((1 << 21,))
    return b


def with_comment():
    a = np.full((1 << 20,), 3.0)
    m = a.max()  # want "holding `a`"
    # now the big phase
    b = np.ones((1 << 22,))
    return m, b


def float32_phase():
    a = np.ones((4096, 1024), dtype=np.float32)
    r = a.sum(axis=0)  # want "holding `a` \\(16.0 MiB\\)"
    b = np.zeros((4096, 4096), dtype=np.float32)
    return r, b


def called_twice():
    src = np.arange(2 * 1024 * 1024, dtype=np.float64)
    half = src[::2].copy()  # want "holding `src` \\(16.0 MiB\\)"
    out = np.zeros((4 * 1024 * 1024,))
    return half, out


def passed_on():
    a = np.ones((1 << 20,))
    b = np.sqrt(a)  # want "holding `a` \\(8.0 MiB\\)"
    c = np.ones((1 << 20,)) * 5
    return b, c


def chained():
    a = np.ones((1 << 20,))
    b = a + 1  # want "holding `a`"
    c = b + 1  # want "holding `b`"
    d = c + 1
    return d
