# Example 1 of the cuPyNumeric profiling guide, efficient version (code verbatim from the guide).
# arraylint reports nothing here.
import cupynumeric as np

N = 10_000_000
rng = np.random.default_rng()
x = rng.random(N, dtype=np.float32)
y = rng.random(N, dtype=np.float32)

# In-place sum without a temporary
z = np.empty_like(x)
np.add(x, y, out=z)

# Conditional overwrite with a boolean mask (faster than nonzero + scatter)
cond = (x < 0.25) & (y > 0.5)
np.putmask(z, cond, x * y + 1.0)

# Wide masked updates, in-place
gt1 = z > 1.0
z[gt1]  += 2.0
z[~gt1] -= 2.0
