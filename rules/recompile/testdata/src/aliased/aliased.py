import functools

import jax as j
from jax import jit


@functools.partial(jit, static_argnums=1)
def tile(x, reps):
    return j.numpy.tile(x, reps)


def grow(x, n):
    reps = 1
    while reps < n:
        y = tile(x, reps)  # want "static argument `reps` of `tile` changes every iteration"
        reps += 1
    return y


def per_item(xs, w):
    return [j.jit(functools.partial(j.numpy.dot, w))(x) for x in xs]  # want "compiles a new function on every call of `per_item`"
