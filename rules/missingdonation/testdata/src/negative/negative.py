from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, donate_argnums=(0, 1))
def step(params, opt_state, batch):
    return params - jnp.mean(batch), opt_state + 1


@partial(jax.jit, donate_argnames=("params", "opt_state"))
def step_named(params, opt_state, batch):
    return params - jnp.mean(batch), opt_state + 1


def train(params, opt_state, batches):
    for batch in batches:
        params, opt_state = step(params, opt_state, batch)
        params, opt_state = step_named(params, opt_state, batch)
        new_params, new_state = step(params, opt_state, batch)
        params, opt_state = new_params, new_state
    return params


def once(params, opt_state, batch):
    # not in a loop: the caller may still want the old state
    params, opt_state = step_unjitted(params, opt_state, batch)
    return params, opt_state


def step_unjitted(params, opt_state, batch):
    return params, opt_state


def plain_loop(params, batches):
    for batch in batches:
        params, _ = step_unjitted(params, None, batch)
    return params


OPTS = {"donate_argnums": (0,)}
step_dyn = jax.jit(step_unjitted, **OPTS)


def loop_dyn(params, opt_state, batches):
    for batch in batches:
        params, opt_state = step_dyn(params, opt_state, batch)
    return params


@jax.jit
def unrolled(params, opt_state, batch):
    for _ in range(3):
        params, opt_state = step_named(params, opt_state, batch)
        params, opt_state = step_unjitted(params, opt_state, batch)
        params = inner_step(params, batch)
    return params


@jax.jit
def inner_step(params, batch):
    return params + batch
