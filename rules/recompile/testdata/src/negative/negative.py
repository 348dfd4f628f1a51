from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def power(x, n):
    return x**n


@jax.jit
def scale(x, lr):
    return x * lr


def traced_schedule(x, steps):
    lr = 0.1
    for _ in range(steps):
        x = scale(x, lr)
        lr = lr * 0.99
    return x


def fixed_static(x, steps, n):
    for _ in range(steps):
        x = power(x, n)
    return x


def few_variants(x):
    out = []
    for n in (1, 2, 3):
        out.append(power(x, n))
    for n in range(4):
        out.append(power(x, n))
    return out


def stable(x):
    return x + 1


def jit_stable_in_loop(xs):
    return [jax.jit(stable)(x) for x in xs] + [jax.jit(stable)(x) for x in xs]


def loop_stable(xs):
    for x in xs:
        x = jax.jit(stable)(x)
    return x


sin2 = jax.jit(lambda v: jnp.sin(v) * 2)


def make_step(lr):
    return jax.jit(lambda p, g: p - lr * g)


@jax.jit
def next_token(ctx):
    return jnp.sum(ctx, keepdims=True)


def generate_padded(ctx, n):
    buf = jnp.zeros(ctx.shape[0] + n).at[: ctx.shape[0]].set(ctx)
    for i in range(n):
        tok = next_token(buf)
        buf = buf.at[ctx.shape[0] + i].set(tok[0])
    toks = []
    for _ in range(n):
        toks.append(next_token(buf))
    return buf, jnp.concatenate(toks)


# Rewritten from the shapes of code the first precision review found reported wrongly (issue
# 26): each jit serves a different function by design, or runs once.


def empty_chunk(shape, dtype):
    # setup: called once per state field, never in a loop
    return jax.jit(lambda: jnp.zeros(shape, dtype))()


def init_state(n):
    return empty_chunk((n, n), jnp.float32), empty_chunk((n,), jnp.int32)


def simulate(step, initial, length):
    # closes over its own step and length: each call needs its own compilation anyway
    return jax.jit(lambda carry: jax.lax.scan(step, carry, None, length))(initial)


def sweep(initials, step):
    out = []
    for init in initials:
        out.append(simulate(step, init, 100))
    return out


def bench_ops(ops, xs):
    # a benchmark: each case a different operation, compiled once per case on purpose
    times = {}
    for name in ops:
        f = jax.jit(lambda v, op=name: ops[op](v))
        times[name] = f(xs)
    return times


def duplicate_all(fields, shardings):
    # the jit's own options read the call's sharding: each call is its own program anyway
    def duplicate(x, sharding):
        return jax.jit(lambda q: jnp.stack((q, q)), out_shardings=sharding)(x)

    return [duplicate(x, s) for x, s in zip(fields, shardings)]
