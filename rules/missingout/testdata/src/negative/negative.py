# Small, unknown-size, in-place or necessary results: nothing to report.
import jax.numpy as jnp
import numpy as np

N = 1024 * 1024
rng = np.random.default_rng(0)


def small_arrays():
    a = np.zeros(1000)
    a = a + 1  # 8,000 bytes: below min-bytes
    b = a * 2 + 1
    return b


def unknown_sizes(a: np.ndarray, b: np.ndarray, n):
    a = a + b
    return a


def scalars(n: int):
    n = n + 1
    m = n * 2 + 1
    return m


def masks():
    x = rng.random(N)
    y = rng.random(N)
    m = x > 0.5
    cond = (x < 0.25) & (y > 0.5)
    return m, cond


def needed_result():
    x = rng.random(N)
    y = rng.random(N)
    z = x + y
    return x, y, z


def aliased_dead_operand():
    b = rng.random(N)
    v = b
    c = b + 2
    return v, c


def view_operand():
    big = rng.random(2 * N)
    b = big[:N]
    c = b + 2
    return big, c


def already_in_place():
    a = rng.random(N)
    b = rng.random(N)
    a += b
    np.add(a, b, out=a)
    np.multiply(a, 2.0, out=b)
    return a, b


def matrix_product():
    a = rng.random((1024, 1024))
    b = rng.random((1024, 1024))
    c = a @ b
    return a, b, c


def closure_reads_later():
    b = rng.random(N)
    c = b + 2

    def show():
        return b

    return c, show


def loaded(path):
    d = np.load(path)
    e = d + 1
    return e


def jax_arrays():
    a = jnp.ones(N)
    b = jnp.ones(N)
    a = a + b
    c = a * b + 1.0
    return c


def bitwise():
    flags = np.zeros(N, dtype=np.int64)
    other = np.ones(N, dtype=np.int64)
    flags = flags | other
    return flags


def constant_first_operand_live():
    b = rng.random(N)
    c = 2.0 * b
    return b, c


def passed_to_function(store):
    b = rng.random(N)
    store(b)
    c = b + 1
    return c


def tuple_target():
    a = rng.random(N)
    b, c = a + 1, a + 2
    return b, c


def dtype_changes():
    a = np.zeros(N, dtype=np.int32)
    a = a + 0.5  # another dtype or shape: the old buffer cannot hold it
    return a


def broadcast_grows():
    col = np.ones((N, 1))
    row = np.ones((1, 4))
    col = col + row  # another dtype or shape: the old buffer cannot hold it
    return col


def integer_division():
    a = np.arange(N)
    a = a / 2  # another dtype or shape: the old buffer cannot hold it
    return a


def kept_per_iteration():
    a = np.ones(N)
    results = []
    for k in range(4):
        t = a * k  # each iteration's array is kept
        results.append(t)
    return results, a


def not_commutative():
    e = rng.random(N)
    g = 1.0 - e  # the dead operand is on the right of a subtraction
    return g


def small_dead_operand():
    big = rng.random((N, 4))
    small = rng.random(4)
    out = small + big  # small cannot hold the (N, 4) result
    return out, big


# In place would change the array the name shares data with: a view, an array kept elsewhere.
def view_self_update():
    big = rng.random(2 * N)
    v = big[:N]
    v = v + 1.0
    return big, v


def escaped_self_update():
    a = rng.random(N)
    keep = [a]
    a = a - 1.0
    return keep, a


def strided_view():
    b = np.zeros(10_000_000)
    a = b[::2]
    a = a + 1.0
    return a, b


def closure_free_variable():
    # cf is the enclosing function's: reusing it inside inner would change it for the caller
    cf = np.ones(10_000_000)

    def inner(total=1.0):
        weights = cf / total
        return weights.sum()

    return inner(), cf


def complex_scalar():
    # 1.0 + 1.0j is complex: the product is complex128, the first term float64, so updating
    # that term in place would raise (scipy's test_special_matrices)
    data = (1.0 + np.arange(10_000_000.0)) * (1.0 + 1.0j)
    return data
