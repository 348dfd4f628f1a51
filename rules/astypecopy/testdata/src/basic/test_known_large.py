# Test code still gets findings on arrays known to be large.
import numpy as np


def test_large():
    return np.zeros(10_000_000).astype(np.float32)  # want "`zeros` makes float64 data \\(80,000,000 bytes\\) only to cast it to float32"
