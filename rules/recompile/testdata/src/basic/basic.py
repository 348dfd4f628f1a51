from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def scale(x, lr):
    return x * lr


def schedule(x, steps):
    lr = 0.1
    for _ in range(steps):
        x = scale(x, lr)  # want "static argument `lr` of `scale` changes every iteration: each value is a new compilation"
        lr = lr * 0.99
    return x


@partial(jax.jit, static_argnames=("k",))
def shift(x, k):
    return jnp.roll(x, k)


def counter(x, n):
    for i in range(n):
        x = shift(x, k=i)  # want "static argument `k` of `shift` changes every iteration"
    return x


def fresh_lambda(xs):
    out = []
    for x in xs:
        out.append(jax.jit(lambda v: jnp.sin(v) * 2)(x))  # want "`jax.jit\\(lambda v: jnp.sin\\(v\\) \\* 2\\)` compiles a new function every iteration; jit it once, outside the loop"
    return out


def fresh_partial(xs, w):
    for x in xs:
        f = jax.jit(partial(jnp.multiply, w))  # want "compiles a new function every iteration"
        x = f(x)
    return x


def fresh_def(xs):
    for x in xs:
        def body(v):
            return v + 1

        x = jax.jit(body)(x)  # want "`jax.jit\\(body\\)` compiles a new function every iteration"
    return x


def per_call(x):
    return jax.jit(lambda v: v @ v.T)(x)  # want "`jax.jit\\(lambda v: v @ v.T\\)` compiles a new function on every call of `per_call`; jit it once, at module level"


def gram_all(xs):
    return [per_call(x) for x in xs]


@jax.jit
def next_token(ctx):
    return jnp.sum(ctx, keepdims=True)


def generate(ctx, n):
    for _ in range(n):
        tok = next_token(ctx)  # want "`ctx` grows every iteration: each new shape is a new compilation of `next_token`; pad to a fixed size"
        ctx = jnp.concatenate([ctx, tok])
    return ctx
