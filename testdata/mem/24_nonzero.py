# kind: unknown
# nonzero's index arrays depend on the data: the estimator reports them as bounded unknowns.
import numpy as np

N = 1_000_000
x = np.arange(N)
mask = x % 3 == 0
idx = np.nonzero(mask)
y = x[idx]
z = x[mask]
