# A seeded random stream: moving the cast into the draw would change the values, so no fix.
import numpy as np

N = 10_000_000


def legacy():
    np.random.seed(0)
    return np.random.random(N).astype(np.float32)  # want "`random.random` makes float64 data"


def generator():
    rng = np.random.default_rng(42)
    return rng.random(N).astype(np.float32)  # want "`rng.random` makes float64 data"
