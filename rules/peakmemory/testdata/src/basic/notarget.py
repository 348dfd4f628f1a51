import numpy as np

# No target configured: the rule stays silent however large the arrays are.
x = np.ones((100_000, 100_000))
y = x * 2
