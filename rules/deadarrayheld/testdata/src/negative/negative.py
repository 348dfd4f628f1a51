# arraylint: target --hbm 1GiB
import numpy as np


def released():
    a = np.ones((1024 * 1024,))
    b = a * 2
    del a
    c = np.zeros((4 * 1024 * 1024,))
    return b, c


def used_at_peak():
    a = np.ones((1 << 20,))
    c = np.zeros((1 << 22,)) + a[0]
    return c


def used_after():
    a = np.ones((1 << 20,))
    b = np.zeros((1 << 22,))
    return a, b


def in_loop():
    a = np.ones((1 << 20,))
    for i in range(4):
        b = np.zeros((1 << 22,))
        b += a[i]
    return b


def small():
    a = np.ones((100,))
    b = a * 2
    c = np.zeros((1000,))
    return b, c


def peak_before():
    c = np.zeros((1 << 22,))
    s = c.sum()
    del c
    a = np.ones((1 << 20,))
    b = a * 2
    return s, b


def rebound():
    a = np.ones((1 << 20,))
    b = a * 2
    a = None
    c = np.zeros((1 << 22,))
    return b, c


def closure():
    a = np.ones((1 << 20,))
    b = a * 2
    g = lambda: a.sum()
    c = np.zeros((1 << 22,))
    return b, c, g


def unknown(n):
    a = np.ones((n,))
    b = a * 2
    c = np.zeros((n, n))
    return b, c


def view_kept():
    a = np.ones((1 << 20,))
    v = a[10:]
    c = np.zeros((1 << 22,))
    return v, c


def last_is_peak():
    a = np.ones((1 << 20,))
    b = np.ones((1 << 20,))
    c = a + b
    return c
