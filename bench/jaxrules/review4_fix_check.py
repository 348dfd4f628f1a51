"""The JAX facts review4.md relies on for AL107's offered fixes, checked on the CPU with the JAX
installed in the running interpreter (run it under two JAX versions, e.g. 0.5.3 and 0.10.2).

    python3 bench/jaxrules/review4_fix_check.py

It prints one line a fact, each `yes` or `no` for this JAX:
1. `@jax.jit(donate_argnums=...)` with no function (the decorator-factory form the fixes offer)
   builds a jitted function;
2. `jax.tree_map` exists (three of the files the fixes change call it);
3. `functools.partial(jax.jit, donate_argnums=...)` builds one (the form that works everywhere);
4. a jitted method whose `self` is a plain object raises at its first call (review4.md T-6);
5. after donating a state whose parameters are also held under another name, reading that name
   raises (T-6's `self.model_params`, aliased by `TrainState.create(params=...)`).
Donation is not implemented on the CPU backend for every JAX; fact 5 then prints what it saw.
"""
import functools

import jax
import jax.numpy as jnp


def factory_form():
    try:
        @jax.jit(donate_argnums=(0,))
        def step(x):
            return x + 1
        step(jnp.ones(3))
        return "yes"
    except TypeError as err:
        return "no (%s)" % str(err).splitlines()[0]


def tree_map_exists():
    try:
        jax.tree_map(lambda x: x, [1])
        return "yes"
    except AttributeError as err:
        return "no (%s)" % str(err).splitlines()[0][:90]


def partial_form():
    step = functools.partial(jax.jit, donate_argnums=(0,))(lambda x: x + 1)
    step(jnp.ones(3))
    return "yes"


class Plain:
    @jax.jit
    def train_step(self, state, x):
        return state + x


def method_on_plain_self():
    try:
        Plain().train_step(jnp.ones(3), jnp.ones(3))
        return "no (it ran)"
    except TypeError as err:
        return "yes (%s)" % str(err).splitlines()[0][:90]


def aliased_read_after_donation():
    params = {"w": jnp.ones((256, 256))}
    state = {"params": params, "mu": jnp.zeros((256, 256))}  # TrainState.create(params=params)

    @functools.partial(jax.jit, donate_argnums=(0,))
    def step(s):
        return {"params": {"w": s["params"]["w"] + 1}, "mu": s["mu"] + 1}

    state = step(state)
    try:
        jnp.sum(params["w"]).block_until_ready()
        return "no (the alias still reads; donation may be a no-op on this backend)"
    except RuntimeError as err:
        return "yes (%s)" % str(err).splitlines()[0][:90]


if __name__ == "__main__":
    print("jax", jax.__version__, jax.default_backend())
    print("1. decorator-factory @jax.jit(donate_argnums=...):", factory_form())
    print("2. jax.tree_map exists:", tree_map_exists())
    print("3. functools.partial(jax.jit, donate_argnums=...):", partial_form())
    print("4. jitted method with a plain self raises:", method_on_plain_self())
    print("5. reading an alias of donated parameters raises:", aliased_read_after_donation())
