# Test code is quiet even on arrays known to be large: a test's allocations are not what a user
# waits for.
import numpy as np


def test_texture():
    image = np.random.rand(500, 500)
    image = image / image.std() * 0.3
    return image
