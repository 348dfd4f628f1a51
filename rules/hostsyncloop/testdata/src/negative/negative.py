import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def step(params, batch):
    loss = jnp.mean((params - batch) ** 2)
    return params - 0.1 * (params - batch), loss


def train(params, batches, log_every=100):
    losses = []
    for i, batch in enumerate(batches):
        params, loss = step(params, batch)
        losses.append(loss)
        if i % log_every == 0:
            print(i, float(loss))
    return params, jnp.stack(losses)


def converge(params, batch, tol):
    while True:
        params, loss = step(params, batch)
        if float(loss) < tol:
            break
    return params


def per_epoch(params, epochs, batches):
    for epoch in range(epochs):
        for batch in batches:
            params, loss = step(params, batch)
        print(epoch, float(loss))
    return params


def host_only(xs):
    out = []
    for x in xs:
        y = np.sin(x)
        out.append(float(y.sum()))
        print(y)
    return out


def shapes(params, batches):
    for batch in batches:
        params, loss = step(params, batch)
        print(params.shape, loss.dtype)
    return params


@jax.jit
def traced(xs):
    acc = 0.0
    for i in range(3):
        acc = acc + xs[i]
        print(acc)
    return acc
