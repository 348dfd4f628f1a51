import cupynumeric as np

N = 1024 * 1024
a = np.ones((N - 2,))
b = np.zeros((N,))

# GPU: materializes in FB_MEM; CPU-only: materializes in SYSTEM_MEM
np.multiply(b, 1, out=b)      # or: np.add(b, 0, out=b)   # or: b *= 1

b[1:-1] = a
c = b + 2
d = c + 3
