# np.where(c, True, False) is a bool array (one byte per element), and so is the product of two:
# 262,144 bytes per ring of a 512 × 512 grid, under min-bytes.
import numpy as np

nx = 512
k_vec = np.linspace(-1.0, 1.0, nx)
KX, KY = np.meshgrid(k_vec, k_vec)
K = np.sqrt(KX**2 + KY**2)
rings = []
for k in np.linspace(0.01, 1.0, 100):
    ring = np.where(K >= k - 0.01, True, False) * np.where(K < k, True, False)
    rings.append(int(ring.sum()))
