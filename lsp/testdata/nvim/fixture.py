import numpy as np

N = 10_000_000
label = "données 😀"; mask = np.zeros(N).astype(bool)
x = np.ones(N).astype(np.float32)  # noqa: AL303
y = np.ones(N)  # noqa: AL303
