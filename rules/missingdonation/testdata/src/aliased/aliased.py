import jax as j
from jax import jit


@jit
def sgd(w, g):
    return w - 0.1 * g


def fit(w, grads):
    for g in grads:
        w = sgd(w, g)  # want "`w` rebound to `sgd`'s outputs undonated"
    return w


sgd2 = j.jit(lambda w, g: w - g)


def fit2(w, grads):
    for g in grads:
        w = sgd2(w, g)  # want "`w` rebound to `sgd2`'s outputs"
    return w
