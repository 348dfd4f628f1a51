# OOM guide, mitigation D: offload c to host memory before computing d.
import cupynumeric as np
from legate.core import StoreTarget
from legate.core.data_interface import offload_to

N = 1024 * 1024
a = np.ones((N - 2,), dtype=np.float32)
b = np.zeros((N,), dtype=np.float32)

# Work that builds pressure in FBMEM (on GPU runs)
b[1:-1] = a  # want "`b` is touched through a slice here and whole at line [0-9]+: Legate holds two instances"
c = b + 2  # want "`b \\+ 2` allocates 4,194,304 bytes while `b` is never used again"

# Offload 'c' (or any large array you won't need on GPU immediately) to host RAM:
offload_to(c, target=StoreTarget.SYSMEM)   # evicts any GPU copies and keeps only a host copy

# Continue your pipeline; GPU copies will be re-created only if/when needed
d = c + 3
