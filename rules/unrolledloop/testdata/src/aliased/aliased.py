import jax as j
from jax import jit as compile_fn


@compile_fn
def f(x):
    for _ in range(500):  # want "unrolled into 500 copies"
        x = x + 1
    return x


def g(x):
    for _ in range(128):  # want "unrolled into 128 copies"
        x = x * 2
    return x


g_jit = j.jit(g)
