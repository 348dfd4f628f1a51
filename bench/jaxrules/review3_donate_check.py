"""The two JAX facts review3.md relies on for AL107's offered fixes, checked on the CPU.

    python3 bench/jaxrules/review3_donate_check.py     (with jax installed, e.g. .venv-jax)

1. A donated pytree that holds the same buffer twice (a state whose best_params field was set to
   its params, as symphony's EvaluateModelHook does) makes jit, and pmap over jit, raise
   INVALID_ARGUMENT "Attempt to donate the same buffer twice" (review3.md T-9).
2. Donation works when a donated leaf is returned unchanged and when the donated buffers come
   fresh from a jitted reset() of identical constants (gymnax-blines' get_transition, T-5).
"""
import functools

import jax
import jax.numpy as jnp


def twice():
    p = jnp.ones((4, 4))
    state = {"params": p, "best": p, "opt": jnp.zeros((4, 4))}

    @functools.partial(jax.jit, donate_argnums=(0,))
    def step(s):
        return {"params": s["params"] + 1, "best": s["best"], "opt": s["opt"] + 1}

    rep = jax.tree_util.tree_map(lambda x: jnp.stack([x]), {"params": p, "opt": jnp.zeros((4, 4))})
    rep["best"] = rep["params"]

    @functools.partial(jax.pmap, axis_name="d", donate_argnums=(0,))
    @jax.jit
    def pstep(s):
        return {"params": s["params"] + 1, "best": s["best"], "opt": s["opt"] + 1}

    for name, fn, arg in (("jit", step, state), ("pmap over jit", pstep, rep)):
        try:
            jax.block_until_ready(fn(arg))
            print("1. %s: no error" % name)
        except Exception as err:  # the runtime error's class differs between jax versions
            print("1. %s: %s: %s" % (name, type(err).__name__, str(err).splitlines()[0][:120]))


def passthrough():
    @jax.jit
    def reset():
        return {"a": jnp.empty((5, 3)), "b": jnp.empty((5, 3)), "c": jnp.empty((5, 3)), "_p": 0}

    @functools.partial(jax.jit, donate_argnums=(0, 1))
    def step(ts, buf):
        return ts, {"a": buf["a"].at[buf["_p"]].set(1.0), "b": buf["b"], "c": buf["c"] + 1,
                    "_p": buf["_p"] + 1}

    ts, buf = {"w": jnp.ones(3), "o": jnp.zeros(3)}, reset()
    for _ in range(3):
        ts, buf = step(ts, buf)
    print("2. pass-through and reset buffers donated 3 times: w=%s a[:3,0]=%s p=%d"
          % (float(ts["w"][0]), buf["a"][:3, 0].tolist(), int(buf["_p"])))


if __name__ == "__main__":
    print("jax", jax.__version__)
    twice()
    passthrough()
