import jax
import jax.numpy as jnp


def pair(x):
    jax.profiler.start_trace("/tmp/xprof")  # want "`jax.profiler.start_trace\\(\"/tmp/xprof\"\\)` is not stopped if the traced code raises"
    y = jnp.dot(x, x)
    y.block_until_ready()
    jax.profiler.stop_trace()
    return y


def pair_unsynced():
    x = jnp.ones((1024, 1024))
    jax.profiler.start_trace("/tmp/a", create_perfetto_link=False)  # want "is not stopped if the traced code raises"
    z = x @ x  # want "`z` may still be computing when the trace stops"
    jax.profiler.stop_trace()


def empty():
    jax.profiler.start_trace("/tmp/b")  # want "not stopped if the traced code raises"
    jax.profiler.stop_trace()


def early(xs):
    for x in xs:
        jax.profiler.start_trace("/tmp/c")  # want "not stopped if the traced code raises"
        if x is None:
            break
        print(x)
        jax.profiler.stop_trace()


def with_comment():
    jax.profiler.start_trace("/tmp/d")  # want "not stopped if the traced code raises"
    # the step under test
    a = jnp.zeros((512, 512))

    b = a + 1  # want "`b` may still be computing"
    jax.profiler.stop_trace()


def context_unsynced():
    x = jnp.ones((2048, 2048))
    with jax.profiler.trace("/tmp/e"):
        y = x * 2
        w = jnp.sin(y)  # want "`w` may still be computing when the trace stops; call `w.block_until_ready\\(\\)`"


def guarded_unsynced():
    x = jnp.ones((2048, 2048))
    jax.profiler.start_trace("/tmp/f")
    try:
        y = jnp.exp(x)  # want "`y` may still be computing"
    finally:
        jax.profiler.stop_trace()


def docstring_inside():
    jax.profiler.start_trace("/tmp/g")  # want "not stopped if the traced code raises"
    s = """two
lines"""
    print(s)
    jax.profiler.stop_trace()


class Step:
    def run(self, x):
        jax.profiler.start_trace(self.logdir)  # want "not stopped if the traced code raises"
        out = jnp.tanh(jnp.ones((64, 64)))  # want "`out` may still be computing"
        jax.profiler.stop_trace()
        return out


if __name__ == "__main__":
    jax.profiler.start_trace("/tmp/h")  # want "not stopped if the traced code raises"
    pair(jnp.ones((8, 8)))
    jax.profiler.stop_trace()


def two_space(x):
  if x is not None:
    jax.profiler.start_trace("/tmp/i")  # want "not stopped if the traced code raises"
    x.block_until_ready()
    jax.profiler.stop_trace()
