# A one-input ufunc applied to arithmetic on every step: the sums are temporaries the square
# root's result could have been computed in (`t = dx**2; t += dy**2; r = np.sqrt(t, out=t)`).
import cupy as np  # CuPy makes every temporary; NumPy would compute these chains in one buffer (elision.go)

n = 1000
x = np.random.default_rng(0).random((n, 1))
y = np.random.default_rng(1).random((n, 1))
dx = x.T - x
dy = y.T - y
for _ in range(100):
    r = np.sqrt(dx**2 + dy**2)  # want "`np.sqrt\\(dx\\*\\*2 \\+ dy\\*\\*2\\)` allocates 2 temporaries of 8,000,000 bytes for `dx\\*\\*2 \\+ dy\\*\\*2`; compute it in one buffer and pass it as `out=`"
    e = np.exp(dx + 1.0)  # want "`np.exp\\(dx \\+ 1.0\\)` allocates a temporary of 8,000,000 bytes for `dx \\+ 1.0`; compute it in one buffer and pass it as `out=`"
    print(r.sum() + e.sum())
