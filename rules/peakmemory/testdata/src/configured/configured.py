import numpy as np
import sys

# The target (20 MB) and N come from [tool.arraylint.memory] in pyproject.toml.
N = int(sys.argv[1])
a = np.ones(N)
b = np.ones(N)
c = a + b  # want `allocating 7.6 MiB here exceeds --hbm 20MB: 15.3 MiB of 19.1 MiB already held`
