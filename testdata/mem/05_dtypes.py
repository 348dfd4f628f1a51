# kind: straight-line
# Item sizes: float32, int8, complex128, bool; astype copies.
import numpy as np

N = 1_000_000
f32 = np.ones(N, dtype=np.float32)
i8 = np.zeros(N, dtype=np.int8)
c128 = np.zeros(N, dtype=np.complex128)
flags = f32 > 0.5
f64 = f32.astype(np.float64)
i16 = i8.astype("int16")
