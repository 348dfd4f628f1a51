# Temporaries of a symbolic size where an in-place rewrite is not worth making or not possible:
# outside loops (one allocation of a size nothing says is large), sized by a plain integer, with a
# size that changes from one iteration to the next, inside a Python loop over the data's elements;
# and updates that read the target again, where NumPy copies the overlapping operand anyway.
import numpy as np

N = 1024 * 1024


def once(H):
    data = np.eye(H.shape[0])
    mu = data.mean(0)
    z = data - mu
    return z


def plain_integer(n, iters):
    x = np.zeros(n)
    for _ in range(iters):
        x = x + 1.0
    return x


def varying_size(groups, xp0):
    like = 0.0
    for ix in groups:
        m = ix.shape[0]
        j = np.arange(m, dtype=np.float64) / m
        like += j.sum()
    return like


def per_element(rows, dist):
    for r in range(rows.shape[0]):
        d = np.zeros(dist.shape[0])
        d = d + 1.0
        rows[r] = d.sum()


def symmetric():
    c = np.ones((1024, 1024))
    c = c + c.T
    return c


def reads_target_again():
    a = np.ones(N)
    a = a * 2.0 + a
    return a


def dwarfed_by_outer(v, steps):
    # each pass also makes an L × L outer product: preallocating the L-vector saves nothing
    # (eighth held-out corpus, cooltools' contrast.py)
    L = v.shape[0]
    total = np.zeros((L, L))
    for _ in range(steps):
        aux = np.zeros(L) * np.nan
        aux[v > 0] = 1
        total += np.outer(aux, aux)
    return total
