# kind: straight-line
# Broadcasting makes an outer product shaped (rows, cols).
import numpy as np

x = np.linspace(0.0, 1.0, 1500)
y = np.linspace(0.0, 1.0, 1000)
grid = x[:, None] * y[None, :]
shifted = grid + x[:, None]
total = shifted.sum()
