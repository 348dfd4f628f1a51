# kind: loop
# A long loop whose temporaries are sized by the loop variable peaks at its last iteration
# (k = n - 1), not at its first ones: durbin's y[:k] += alpha * np.flip(y[:k]).
import numpy as np

n = 30000
r = np.arange(n, 0, -1, dtype=np.float64)
y = np.empty_like(r)
alpha = -r[0]
beta = 1.0
y[0] = -r[0]
for k in range(1, r.shape[0]):
    beta *= 1.0 - alpha * alpha
    alpha = -(r[k] + np.dot(np.flip(r[:k]), y[:k])) / beta
    y[:k] += alpha * np.flip(y[:k])
    y[k] = alpha
z = np.ones(k // 4)  # k is n - 1 after the loop
