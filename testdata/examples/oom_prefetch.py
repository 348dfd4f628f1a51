# OOM guide, mitigation B, technique 2 / fix path B: prefetch b with a whole-array touch.
import cupynumeric as np

N = 1024 * 1024
a = np.ones((N - 2,), dtype=np.float32)
b = np.zeros((N,), dtype=np.float32)

# GPU: materializes in FB_MEM; CPU-only: materializes in SYSTEM_MEM
np.multiply(b, 1, out=b)      # or: np.add(b, 0, out=b)   # or: b *= 1
b[1:-1] = a
c = b + 2  # want "`b \\+ 2` allocates 4,194,304 bytes while `b` is never used again"
d = c + 3  # want "`c \\+ 3` allocates 4,194,304 bytes while `c` is never used again"
