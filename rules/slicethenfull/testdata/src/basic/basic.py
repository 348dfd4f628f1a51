import cupynumeric as np

# the OOM guide's program
a = np.ones((1024 * 1024 - 2,))
b = np.zeros((1024 * 1024,))
b[1:-1] = a  # want "`b` is touched through a slice here and whole at line 7: Legate holds two instances \\(8.0 MiB extra\\)"
c = b + 2
d = c + 3

# float32, halo of 2 on the left only
e = np.zeros((1000,), dtype=np.float32)
e[2:] = 1.0  # want "`e` is touched through a slice here and whole at line 13"
f = e * 3

# bounds from a constant
N = 4096
g = np.zeros((N,))
g[1:N - 1] = 5.0  # want "`g` is touched through a slice"
h = g.sum()

# explicit upper bound
k = np.zeros((512,))
k[0:500] = 2.0  # want "`k` is touched through a slice"
m = np.sqrt(k)

# the slice is read first, then the whole array
p = np.ones((4096,))
q = p[1:-1] * 2  # want "`p` is touched through a slice here and whole at line 29"
r = p + 1


def stencil(n):
    grid = np.zeros((n,))
    grid[1:-1] = 3.0
    return grid + 1


def stencil_known():
    grid = np.zeros((2048,))
    grid[4:-4] = 3.0  # want "`grid` is touched through a slice"
    out = grid * 2
    return out


def in_loop():
    t = np.zeros((4096,))
    for i in range(3):
        t[1:-1] = i  # want "`t` is touched through a slice"
    return t + 1


u = np.full((1000,), 7.0)
u[1:-1] = 1.0  # want "`u` is touched through a slice"
v = u - 1

w = np.zeros((3000,), dtype=np.int32)
w[10:-10] = 1  # want "`w` is touched through a slice here and whole at line 58: Legate holds two instances \\(11.6 KiB extra\\)"
x = w + 1

y = np.zeros((64,))
y[:32] = 1.0  # want "`y` is touched through a slice"
z = y + y
