# Temporaries made once, outside loops, on NumPy, under once-min-bytes (64 MiB): demos and
# plotting code computing a grid or a volume one time (the held-out corpora's pyqtgraph,
# scikit-fmm and pyxem findings in bench/precision.md).
import numpy as np

d1 = np.linspace(1.0, 2.0, 128)[:, None, None] * np.ones((128, 128, 128))
d2 = d1.copy()
data = (np.sin(d1) / d1**2) + (np.sin(d2) / d2**2)  # 16 MiB temporaries, once

x, y = np.mgrid[-2.0:2.0:500j, -2.0:2.0:500j]
r = (x**2 + y**2) ** 0.5  # a 2 MB colour wheel beside a plot


def profile(n=1500):
    X, Y = np.meshgrid(np.linspace(-1, 1, n), np.linspace(-1, 1, n))
    phi = X**2 + Y**2 - 0.25  # 18 MB, once per run of the script
    return phi
