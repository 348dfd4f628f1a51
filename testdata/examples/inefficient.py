# Example 1 of the cuPyNumeric profiling guide, inefficient version (code verbatim from the guide).
# `go run ./cmd/arraylint check testdata/examples` reports each anti-pattern the guide names.
import cupynumeric as np

N = 10_000_000
x = np.random.random(N).astype(np.float32)  # want "`random.random` makes float64 data \\(80,000,000 bytes\\) only to cast it to float32"
y = np.random.random(N).astype(np.float32)  # want "`random.random` makes float64 data \\(80,000,000 bytes\\) only to cast it to float32"

# advanced indexing, extra comms/overhead
cond_idx = np.nonzero((x < 0.25) & (y > 0.5))

# extra temporaries
z     = x + y
z_alt = x * y + 1.0  # want "`x \\* y \\+ 1.0` allocates a temporary of 40,000,000 bytes for `x \\* y`"

# scatter writeback through indices (slower than boolean mask)
z[cond_idx] = z_alt[cond_idx]  # want "scatter through `cond_idx` from `nonzero`; index with `\\(x < 0.25\\) & \\(y > 0.5\\)` instead"

# tiny chunked updates, lots of tiny tasks
CHUNK = 4096
for s in range(0, N, CHUNK):  # want "loop runs ~2,442 chunks of 4,096 elements as tiny tasks"
    sub = z[s:s+CHUNK]
    gt1 = sub > 1.0
    sub[gt1]  = sub[gt1]  + 2.0
    sub[~gt1] = sub[~gt1] - 2.0
