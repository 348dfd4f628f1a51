# np.full(n, True) is already bool (True fills a bool array): the cast to bool only copies it.
import numpy as np

n = 10_000_000
flags = np.full(n, True).astype(bool)  # want "`np.full\\(n, True\\)` is already bool: `astype` copies it anyway \\(10,000,000 bytes\\)"
