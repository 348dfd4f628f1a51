# arraylint: target h100
import numpy as np

a = np.zeros((2**62,))  # want `one allocation of more than 8 EiB .* is larger than h100`
del a
b = np.zeros((10**9,) * 4)  # want `one allocation of more than 8 EiB .* is larger than h100`
