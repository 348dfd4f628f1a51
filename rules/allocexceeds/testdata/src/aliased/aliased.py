# arraylint: target --hbm 1GiB
import numpy as xp
from numpy import empty as alloc

ok = xp.ones((8192, 8192), dtype=xp.float32)
big = alloc((16384, 16384))  # want `one allocation of 2.0 GiB \(2,147,483,648 B\) is larger than --hbm 1GiB \(1.0 GiB\)`
