from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def step(params, opt_state, batch):
    return params - jnp.mean(batch), opt_state + 1


def train(params, opt_state, batches):
    for batch in batches:
        params, opt_state = step(params, opt_state, batch)  # want "`params`, `opt_state` rebound to `step`'s outputs undonated: old and new both live; donate with `donate_argnums=\\(0, 1\\)`"
    return params


def update_impl(state, batch, lr=0.1):
    return state * lr * jnp.mean(batch)


update = jax.jit(update_impl, static_argnames="lr")


def loop(state, batches):
    i = 0
    while i < len(batches):
        state = update(state, batches[i])  # want "^`state` rebound to `update`'s outputs undonated: old and new both live; donate with `donate_argnums=\\(0,\\)` \\(large by scale = .large.\\)$"
        i += 1
    return state


@partial(jax.jit, donate_argnums=(0,))
def half(params, opt_state, batch):
    return params + jnp.mean(batch), opt_state * 2


def train_half(params, opt_state, batches):
    for batch in batches:
        params, opt_state = half(params, opt_state, batch)  # want "`opt_state` rebound to `half`'s outputs undonated.*`donate_argnums=\\(0, 1\\)`"
    return params, opt_state


class Trainer:
    def __init__(self):
        self.train_step = jax.jit(
            self._train_step,
        )

    def _train_step(self, params, batch):
        return params * jnp.mean(batch)

    def fit(self, batches):
        for batch in batches:
            self.params = self.train_step(self.params, batch)  # want "`self.params` rebound to `self.train_step`'s outputs"


@partial(jax.jit, static_argnums=(1,))
def scale(x, k):
    return x * k


def rescale(params, batches, k):
    for _ in batches:
        params = scale(params, k)  # want "^`params` rebound to `scale`'s outputs.*\\(0,\\)` \\(large by scale = .large.\\)$"
    return params


def sized_state(batches):
    w = jnp.zeros((2048, 2048), dtype=jnp.float32)
    for batch in batches:
        w = update(w, batch)  # want "^`w` \\(16,777,216 bytes\\) rebound to `update`'s outputs"
    return w


def train_step(state, batch):
    return state - jnp.mean(batch)


train_step = jax.jit(train_step)


def rebind_name(state, batches):
    for batch in batches:
        state = train_step(state, batch)  # want "`state` rebound to `train_step`'s outputs"
    return state


@jax.jit
def kw_step(state, batch):
    return state - jnp.mean(batch)


def train_by_keyword(state, batches):
    # passed by keyword: JAX maps donate_argnums to the parameter through the signature
    for batch in batches:
        state = kw_step(state=state, batch=batch)  # want "`state` rebound to `kw_step`'s outputs undonated: old and new both live; donate with `donate_argnums=\\(0,\\)`"
    return state
