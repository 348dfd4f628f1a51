from functools import partial

import jax
from jax.experimental.pjit import pjit
from jax.sharding import PartitionSpec as P

grad_spec = P("dp")
opt_spec = P(None, "dp")


def update(grads, opt_state, params):
    return params - grads, opt_state + grads


def train(params, opt_state, batches, grad_fn):
    # a resharding identity: each device's output is a slice of its input, so a donated
    # input's buffer cannot hold the output (JAX: "Some donated buffers were not usable")
    grad_shard = pjit(lambda x: x, in_axis_resources=None, out_axis_resources=grad_spec)
    # the optimizer state keeps its sharding through the step; the parameters come back
    # replicated: only the state's buffer can be reused
    step = pjit(update, in_shardings=(grad_spec, opt_spec, grad_spec), out_shardings=(None, opt_spec))
    for batch in batches:
        grads = grad_fn(params, batch)
        grads = grad_shard(grads)
        params = grad_shard(params)
        params, opt_state = step(grads, opt_state, params)  # want "^`opt_state` rebound to `step`'s outputs undonated: old and new both live; donate with `donate_argnums=\\(1,\\)`"
    return params, opt_state


def train_same(params, batches):
    # one sharding for every input and output: the state's buffer can be reused
    step = jax.jit(lambda p, b: p - b.mean(), in_shardings=grad_spec, out_shardings=grad_spec)
    for batch in batches:
        params = step(params, batch)  # want "^`params` rebound to `step`'s outputs undonated"
    return params
