# Code a literal test disables never runs: nothing in it is worth changing (eighth held-out
# corpus, sasmodels' demo script). The same code under a test that may be true is reported
# (basic/dead.py).
import numpy as np
from numpy import cos, sin

q = np.arange(0.0003, 1.0, 0.0003)
R = 100

if False:
    qy, qz = np.meshgrid(q, q)
    qr = R * np.sqrt(qy**2 + qz**2)
    P = (3.0 * (sin(qr) - qr * cos(qr)) / qr**3) ** 2

if 0:
    pass
else:
    print(q.size)
