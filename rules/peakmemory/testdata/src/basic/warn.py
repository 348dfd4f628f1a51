# arraylint: target --hbm 100MB
import numpy as np

N = 4_000_000
a = np.ones(N)
b = np.ones(N)
c = a + b  # want `estimated peak 91.6 MiB is 96% of --hbm 100MB \(95.4 MiB\)`
del a, b
d = np.ones(N) * 2
