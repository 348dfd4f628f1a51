import cupynumeric as np

# 8 KiB extra: under the default min-bytes of 1 MiB
e = np.zeros((1000,))
e[2:] = 1.0
f = e * 3
