# arraylint: target tpu-v5e
import numpy as np

# Large in total but no single allocation exceeds the target: AL102 stays silent.
parts = [np.ones((1024, 1024, 512)) for _ in range(4)]
x = np.ones((1024, 1024, 1024))
y = np.ones((1024, 1024, 1024))
