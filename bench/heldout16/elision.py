"""Measure whether the temporaries AL304 reports on the sixteenth held-out corpus exist on NumPy.

Each case runs a statement of the corpus (names as in the source) in three forms: as written; with
the temporary held by a name, which defeats NumPy's temporary elision and so shows what the
temporary would cost; and in place, as the finding's fix writes it. For each it prints the peak
memory the statement adds (tracemalloc, which NumPy reports its data buffers to) and the fastest
of 31 interleaved runs. NumPy (>= 1.13, on platforms with backtrace: Linux, macOS) computes a chain
of arithmetic in the buffer of a temporary operand of at least 256 KiB; where "as written" and "in
place" give the same peak, the temporary the finding names is not made.
usage: python3 elision.py [N]   (N: the matrix side, default 1024; written for review16)"""
import sys
import time
import tracemalloc

import numpy as np

n = m = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
rng = np.random.default_rng(0)
A = (rng.random(n) - 0.5) + 1j * (rng.random(n) - 0.5)
B = (rng.random(m) - 0.5) + 1j * (rng.random(m) - 0.5)
A_2d, B_2d = A[:, np.newaxis], B[np.newaxis, :]
alpha = (rng.random(1) - 0.5) + 1j * (rng.random(1) - 0.5)
state = {}


def setup_orig():
    return 1.0 * np.random.rand(n, n) - 0.5


def setup_named():
    t = 1.0 * np.random.rand(n, n)  # the temporary held by a name: no elision
    return t - 0.5


def setup_fixed():
    x = 1.0 * np.random.rand(n, n)
    x -= 0.5
    return x


def zgeru_orig():
    C = state["C"]
    C = C + alpha * np.dot(A_2d, B_2d)
    state["C"] = C


def zgeru_named():
    C = state["C"]
    t = alpha * np.dot(A_2d, B_2d)  # held by a name: no elision
    C = C + t
    del t
    state["C"] = C


def zgeru_fixed():
    C = state["C"]
    C += alpha * np.dot(A_2d, B_2d)
    state["C"] = C


def psd_orig():
    F = state["F"].copy()
    F = abs(F) ** 2 / F.size
    return F


def psd_named():
    F = state["F"].copy()
    t = abs(F) ** 2  # held by a name: no elision
    F = t / F.size
    return F


def psd_fixed():
    F = state["F"].copy()
    P = np.abs(F)
    del F
    P **= 2
    P /= P.size
    return P


def run_once(f):
    state["C"] = np.full((n, m), 1.0 + 0.5j)
    state["F"] = rng.random((n, m)) + 1j * rng.random((n, m))
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    t = time.perf_counter()
    r = f()
    elapsed = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    del r
    return peak, elapsed


def measure(forms):
    """Peak and fastest time of each form over 31 rounds, the forms interleaved in each round
    (the minimum: the machine is shared, and background load only adds time)."""
    peaks = [0] * len(forms)
    best = [float("inf")] * len(forms)
    for _ in range(31):
        for i, f in enumerate(forms):
            peak, elapsed = run_once(f)
            peaks[i] = max(peaks[i], peak)
            best[i] = min(best[i], elapsed)
    return [(p / 2**20, t * 1e3) for p, t in zip(peaks, best)]


print("numpy %s, n = m = %d (float64 n*n = %.1f MiB, complex128 = %.1f MiB)"
      % (np.__version__, n, 8 * n * n / 2**20, 16 * n * m / 2**20))
for name, orig, named, fixed in (
    ("1.0*np.random.rand(n,n)-0.5 (20 default findings)", setup_orig, setup_named, setup_fixed),
    ("C = C + alpha*np.dot(A_2d,B_2d) (12 default findings)", zgeru_orig, zgeru_named, zgeru_fixed),
    ("F = abs(F) ** 2 / F.size (pysteps, 2 at large)", psd_orig, psd_named, psd_fixed),
):
    print(name)
    labels = ("as written", "temporary named (no elision)", "in place (the fix)")
    for label, (peak, ms) in zip(labels, measure((orig, named, fixed))):
        print("  %-30s peak +%6.1f MiB  fastest %7.2f ms" % (label, peak, ms))
