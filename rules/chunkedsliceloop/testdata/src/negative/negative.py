# Chunked loops with I/O, calls, dependences, big or few chunks: nothing to report.
import numpy as np

N = 10_000_000
CHUNK = 4096
rng = np.random.default_rng(0)
x = rng.random(N)
y = np.empty_like(x)

for s in range(0, N, CHUNK):
    print(s)
    y[s:s + CHUNK] = x[s:s + CHUNK] * 2

for s in range(0, N, CHUNK):
    np.save(f"part{s}.npy", x[s:s + CHUNK])

with open("out.bin", "wb") as f:
    for s in range(0, N, CHUNK):
        f.write(x[s:s + CHUNK].tobytes())

for s in range(0, N, CHUNK):
    y[s:s + CHUNK] = process(x[s:s + CHUNK])

total = 0.0
for s in range(0, N, CHUNK):
    total += x[s:s + CHUNK].sum()

prev = x[0:CHUNK]
for s in range(0, N, CHUNK):
    y[s:s + CHUNK] = x[s:s + CHUNK] + prev
    prev = x[s:s + CHUNK]

for s in range(0, N, CHUNK):
    y[s:s + CHUNK] = x[s + 1:s + CHUNK + 1]  # reads across the chunk boundary

for s in range(0, N, 1 << 20):
    y[s:s + (1 << 20)] = x[s:s + (1 << 20)] * 2  # large blocks bound memory

M = 8192
for s in range(0, M, CHUNK):
    y[s:s + CHUNK] = x[s:s + CHUNK] * 2  # only two chunks


def unknown_chunk(a, b, n, chunk):
    for s in range(0, n, chunk):
        b[s:s + chunk] = a[s:s + chunk] * 2
    return b


for s in range(0, N, CHUNK):
    y[s] = x[s:s + CHUNK].max()

for s in [0, CHUNK, 2 * CHUNK]:
    y[s:s + CHUNK] = x[s:s + CHUNK] * 2


def shadowed_range(range):
    for s in range(0, N, CHUNK):
        y[s:s + CHUNK] = x[s:s + CHUNK] * 2


for s in range(0, N, CHUNK):
    if s > N // 2:
        break
    y[s:s + CHUNK] = x[s:s + CHUNK] * 2

s = 0
while s < N:
    y[s:s + CHUNK] = x[s:s + CHUNK] * 2
    s += CHUNK

for i in range(N):
    y[i:i + 1] = x[i:i + 1] * 2

means = []
for s in range(0, N, CHUNK):
    means.append(x[s:s + CHUNK].mean())

for s in range(0, N, CHUNK):
    y[s:s + CHUNK] = x[s:s + CHUNK] * 2
else:
    print("done")

for s in range(0, N, CHUNK):
    pass


def named_stop_used_elsewhere(a, b):
    for start in range(0, N, CHUNK):
        stop = min(start + CHUNK, N)
        b[start:stop] = a[start:stop] * 0.5
        print(stop)
    return b
