# Test code is quiet even on arrays known to be large: a test's allocations are not what a user waits for.
import numpy as np


def test_large():
    return np.zeros(10_000_000).astype(np.float32)
