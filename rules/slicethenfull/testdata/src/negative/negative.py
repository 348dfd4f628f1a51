import cupynumeric as np

# fix B, technique 1: stencil_hint first
a = np.ones((1024 * 1024 - 2,))
b = np.zeros((1024 * 1024,))
b.stencil_hint(low_offsets=(1,), high_offsets=(1,))
b[1:-1] = a
c = b + 2
d = c + 3

# fix B, technique 2: touch the whole array first
e = np.zeros((1024 * 1024,))
np.multiply(e, 1, out=e)
e[1:-1] = a
f = e + 2

# only the slice is ever used
g = np.zeros((1000,))
g[1:-1] = 1.0
h = g[1:-1] * 2

# whole first, then slices
k = np.ones((1000,))
m = k + 1
k[1:-1] = 0.0

# the sliced instance is the whole array
p = np.zeros((100,))
p[:] = 1.0
q = p + 1

# a fresh array from the slice write's source is whole
r = np.arange(1000.0)
r[1:-1] = 5.0
s = r + 1

# unknown sizes
def f2(n):
    t = np.zeros((n,))
    t[1:-1] = 2.0
    return t

# integer indexing
u = np.zeros((100,))
u[3] = 1.0
v = u + 1
