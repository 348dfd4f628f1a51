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


# The cases below were rewritten from the shapes of real loops the first precision review found
# reported wrongly (issue 26): state too small for donation to save anything.


@jax.jit
def act(key, obs):
    key, sub = jax.random.split(key)
    return key, obs + jax.random.normal(sub, obs.shape)


def evaluate(obs, episodes):
    # only the PRNG key is rebound: two 32-bit words
    key = jax.random.PRNGKey(0)
    for _ in range(episodes):
        key, action = act(key, obs)
    return action


@jax.jit
def rnn_cell(hidden, obs):
    return jnp.tanh(hidden + obs.sum()), hidden.mean()


def control(observations):
    # an RNN hidden state of 64 floats: 256 bytes, known
    hidden = jnp.zeros((1, 64))
    for obs in observations:
        hidden, action = rnn_cell(hidden, obs)
    return action


def policy(seed, steps):
    # a key and a small known observation vector
    key = jax.random.key(seed)
    obs = jnp.zeros((17,), dtype=jnp.float32)
    for _ in range(steps):
        key, obs = act(key, obs)
    return obs
