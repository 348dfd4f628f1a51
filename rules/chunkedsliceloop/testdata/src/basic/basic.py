# Loops that walk arrays chunk by chunk doing only elementwise or masked work.
import numpy as np

N = 10_000_000
CHUNK = 4096
rng = np.random.default_rng(0)
x = rng.random(N)
y = np.empty_like(x)
z = rng.random(N)
grid = rng.random((N // 10, 10))

for s in range(0, N, CHUNK):  # want "loop runs ~2,442 chunks of 4,096 elements as tiny tasks; operate on whole arrays"
    sub = z[s:s+CHUNK]
    gt1 = sub > 1.0
    sub[gt1] = sub[gt1] + 2.0
    sub[~gt1] = sub[~gt1] - 2.0

for s in range(0, N, CHUNK):  # want "~2,442 chunks of 4,096 elements"
    y[s:min(s + CHUNK, N)] = x[s:min(s + CHUNK, N)] * 2.0

for i in range(N // CHUNK):  # want "~2,441 chunks of 4,096 elements"
    y[i * CHUNK:(i + 1) * CHUNK] = np.sqrt(x[i * CHUNK:(i + 1) * CHUNK])

for s in range(0, N, CHUNK):  # want "chunks of 4,096 elements"
    np.multiply(x[s:s + CHUNK], 2, out=y[s:s + CHUNK])

for s in range(0, N, CHUNK):  # want "chunks of 4,096 elements"
    y[s:s + CHUNK] = x[s:s + CHUNK] * 2 + 1

for s in range(0, N // 10, CHUNK):  # want "~245 chunks of 4,096 elements"
    grid[s:s + CHUNK, :] = grid[s:s + CHUNK, :] * 0.5

for s in range(0, N, CHUNK):  # want "chunks of 4,096 elements"
    y[s:s + CHUNK] = np.where(x[s:s + CHUNK] > 0.5, x[s:s + CHUNK], 0.0)

for s in range(0, N, CHUNK):  # want "chunks of 4,096 elements"
    z[s:s + CHUNK] += 1.0

for s in range(0, N, CHUNK):  # want "chunks of 4,096 elements"
    y[s:s + CHUNK] = x[s:s + CHUNK].astype(np.float32)

for s in range(1024, N, CHUNK):  # want "~2,442 chunks of 4,096 elements"
    y[s:s + CHUNK] = -x[s:s + CHUNK]

for s in range(0, N, CHUNK):  # want "chunks of 4,096 elements"
    y[s:CHUNK + s] = x[s:CHUNK + s] / 3.0

for s in range(0, N, CHUNK):  # want "chunks of 4,096 elements"
    np.clip(x[s:s + CHUNK], 0.0, 0.5, out=x[s:s + CHUNK])

for s in range(0, N, 512):  # want "~19,532 chunks of 512 elements"
    y[s:s + 512] = x[s:s + 512] ** 2

for s in range(0, N, CHUNK):  # want "chunks of 4,096 elements"
    part = z[s:s + CHUNK]
    neg = part < 0
    part[neg] = np.abs(part[neg])


def scale(a: np.ndarray, n: int):
    for s in range(0, n, 1024):  # want "loop runs chunks of 1,024 elements as tiny tasks"
        a[s:s + 1024] *= 2.0
    return a


def halves(a: np.ndarray, b: np.ndarray, n):
    for s in range(0, n, 256):  # want "loop runs chunks of 256 elements"
        b[s:s + 256] = a[s:s + 256] - b[s:s + 256]
    return b


def named_stop(a: np.ndarray, b: np.ndarray):
    for start in range(0, N, CHUNK):  # want "~2,442 chunks of 4,096 elements"
        stop = min(start + CHUNK, N)
        b[start:stop] = a[start:stop] * 0.5
    return b
