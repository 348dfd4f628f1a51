import logging

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def step(params, batch):
    loss = jnp.mean((params - batch) ** 2)
    return params - 0.1 * (params - batch), loss


def train(params, batches):
    losses = []
    for batch in batches:
        params, loss = step(params, batch)
        losses.append(float(loss))  # want "`float\\(loss\\)` waits for the device every iteration of the loop calling `step`; log every N steps"
        print("loss", loss)  # want "`print\\(\"loss\", loss\\)` copies to the host and waits for the device"
    return params, losses


def train_metrics(params, batches):
    history = []
    for i, batch in enumerate(batches):
        params, metrics = step(params, batch)
        history.append(jax.device_get(metrics))  # want "`jax.device_get\\(metrics\\)` copies to the host"
        acc = metrics.item()  # want "`metrics.item\\(\\)` waits for the device"
        arr = np.asarray(params)  # want "`np.asarray\\(params\\)` copies to the host"
        print(f"{i}: {metrics:.3f}")  # want "copies to the host and waits"
    return history, acc, arr


def while_loop(params, batch, n):
    i = 0
    while i < n:
        params, loss = step(params, batch)
        total = loss * 2
        print(total)  # want "`print\\(total\\)`"
        i += 1
    return params


def command_dict(params, batches, queue):
    for batch in batches:
        params, loss = step(params, batch)
        command = {"a": round(float(loss), 4)}  # want "`float\\(loss\\)` waits for the device"
        print(command)
    return params


def logged_through_names(params, batches):
    # the synced value reaches only a print, through a name and an f-string
    for i, batch in enumerate(batches):
        params, loss = step(params, batch)
        value = float(loss)  # want "`float\\(loss\\)` waits for the device"
        msg = f"{i}: {value:.4f}"
        print(msg)
    return params


def running_total(params, batches):
    # a Python accumulator only reported after the loop
    total = 0.0
    for batch in batches:
        params, loss = step(params, batch)
        total += float(loss)  # want "`float\\(loss\\)` waits for the device"
    return params, total / len(batches)


def guard_not_limiting(params, batches, verbose):
    # either half of an `or` lets the print run: `verbose` alone allows every iteration
    for i, batch in enumerate(batches):
        params, loss = step(params, batch)
        if verbose or i < 3:
            print(i, float(loss))  # want "`print\\(i, float\\(loss\\)\\)` copies to the host"
    return params


class Trainer:
    def fit(self, params, batches):
        # kept on the instance for later and printed as a moving mean: both only log it
        self.history = []
        for batch in batches:
            params, loss = step(params, batch)
            self.history.append(loss.item())  # want "`loss.item\\(\\)` waits for the device"
            print(np.mean(self.history[-10:]))
        return params


@jax.jit
def evaluate(params, batch):
    return jnp.mean((params - batch) ** 2)


def train_with_periodic_eval(params, batches, eval_batches):
    # the evaluation loop runs every 250 steps, not on each: every other iteration is one step
    for i, batch in enumerate(batches):
        params, loss = step(params, batch)
        print(i, jax.device_get(loss).item())  # want "copies to the host"
        if i % 250 == 0:
            total = sum(evaluate(params, b) for b in eval_batches)
            for b in eval_batches:
                total = total + evaluate(params, b)
    return params, total


def train_logged(params, batches):
    # an f-string formats its values when it is built: the logger gets text, after the wait
    for i, batch in enumerate(batches):
        params, loss = step(params, batch)
        logging.info(f"step {i}: loss {loss:.4f}")  # want "`f\"step {i}: loss {loss:.4f}\"` formats a device value on the host and waits for the device every iteration"
        logging.info(f"step {i} done")  # a host value only: no wait
    return params


def train_keep_best(params, batches, eval_batches):
    # the evaluation block every 250 steps branches on its loss (it waits then); the other steps
    # do not, so the per-step sync is the one that costs
    best = float("inf")
    losses = []
    for i, batch in enumerate(batches):
        params, loss = step(params, batch)
        losses.append(loss.item())  # want "`loss.item\\(\\)` waits for the device every iteration"
        if i % 250 == 0:
            val = float(evaluate(params, eval_batches[0]))
            if val < best:
                best = val
    return params, losses, best
