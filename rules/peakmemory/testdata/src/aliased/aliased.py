# arraylint: target --hbm 16MiB
import numpy as xp
from numpy import zeros as z0

big = z0((1024, 1024))
big2 = xp.ones_like(big)
big3 = big + big2  # want `allocating 8.0 MiB here exceeds --hbm 16MiB: 16.0 MiB of 16.0 MiB already held`
