import jax.numpy as xp
from jax import profiler as prof
from jax.profiler import start_trace, stop_trace


def f():
    a = xp.ones((256, 256))
    prof.start_trace("/tmp/x")  # want "not stopped if the traced code raises"
    b = a.T @ a  # want "`b` may still be computing"
    prof.stop_trace()


def g():
    start_trace("/tmp/y")  # want "`start_trace\\(\"/tmp/y\"\\)` is not stopped"
    print("step")
    stop_trace()
