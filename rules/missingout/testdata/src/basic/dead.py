# The negative fixture's dead code, under a test that may be true: reported.
import os

import numpy as np
from numpy import cos, sin

q = np.arange(0.0003, 1.0, 0.0003)
R = 100

if os.environ.get("PLOT"):
    qy, qz = np.meshgrid(q, q)
    qr = R * np.sqrt(qy**2 + qz**2)
    P = (3.0 * (sin(qr) - qr * cos(qr)) / qr**3) ** 2  # elided on NumPy: one array for the chain
    qr = qr * 3.0 + qy  # want "`qr = qr \\* 3.0 \\+ qy` allocates a new array of 88,871,112 bytes; update `qr` in place"
