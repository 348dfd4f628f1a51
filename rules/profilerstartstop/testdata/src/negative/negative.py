import jax
import jax.numpy as jnp
import numpy as np


@jax.profiler.trace("/tmp/xprof")
@jax.jit
def oom():
    a = jax.random.normal(jax.random.PRNGKey(1), (327680, 327680), dtype=jnp.bfloat16)
    return a @ a


def guarded(x):
    jax.profiler.start_trace("/tmp/a")
    try:
        y = jnp.dot(x, x)
        y.block_until_ready()
    finally:
        jax.profiler.stop_trace()


def context(x):
    with jax.profiler.trace("/tmp/b"):
        y = jnp.dot(x, x)
        y.block_until_ready()


def context_printed():
    with jax.profiler.trace("/tmp/c"):
        y = jnp.ones((100, 100)) * 3
        print(float(y.sum()))


def context_host():
    with jax.profiler.trace("/tmp/d"):
        y = np.ones((100, 100)) * 3


def context_blocked():
    with jax.profiler.trace("/tmp/e"):
        y = jnp.ones((100, 100)) + 1
        jax.block_until_ready(y)


class Callback:
    def on_train_begin(self):
        jax.profiler.start_trace(self.logdir)

    def on_train_end(self):
        jax.profiler.stop_trace()


def start_only(d):
    jax.profiler.start_trace(d)


def other_profiler(d):
    import cProfile
    p = cProfile.Profile()
    p.enable()
    p.disable()


def server():
    jax.profiler.start_server(9999)
    jax.profiler.stop_server()


def shadowed(jax):
    jax.profiler.start_trace("/tmp/f")
    jax.profiler.stop_trace()


def returned_inside():
    with jax.profiler.trace("/tmp/g"):
        y = jnp.ones((10, 10)) * 2
        return y.block_until_ready()


def annotated():
    with jax.profiler.trace("/tmp/h"):
        with jax.profiler.TraceAnnotation("step"):
            y = jnp.ones((10, 10)) * 2
        y.block_until_ready()
