#!/usr/bin/env bash
# bench/jaxrules/review4_misses.sh: the two misses review4.md describes, in small loops written for
# the review (no corpus code). AL202: a per-step `jax.device_get(loss).item()` in a training
# loop is reported alone (a.py), and goes unreported when the loop also holds a guarded evaluation
# block every 250 steps (b.py): the guarded block is weighed as if it ran every iteration. AL107
# (--scale large): a rebinding call with positional arguments is reported (c.py), the same call
# with keyword arguments is not (d.py). AL202 again: `print(f"...{loss}")` every step is reported
# (e.py), `logging.info(f"...{loss}")` is not (f.py).
#
#   bench/jaxrules/review4_misses.sh ARRAYLINT
set -euo pipefail
if [ $# -ne 1 ]; then
	sed -n '2,/^set -euo/{/^#/p}' "$0" >&2
	exit 2
fi
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
head='import jax


def train(step_fn, state, data, steps):
    step_jit = jax.jit(step_fn)
    eval_jit = jax.jit(lambda s, t: s)
    losses = []
    for step in range(steps):
        loss, state = step_jit(state, next(data))
        losses.append(jax.device_get(loss).item())'
printf '%s\n    return state\n' "$head" >"$dir/a.py"
printf '%s\n        if step %% 250 == 0:\n            vals = []\n            for _ in range(16):\n                vals.append(eval_jit(state, next(data)))\n            print(vals)\n    return state\n' "$head" >"$dir/b.py"
for f in a b; do
	n=$(cd "$dir" && ARRAYLINT_NO_CACHE=1 "$bin" check --select AL202 --output-format json --exit-zero "$f.py" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
	echo "$f.py: $n AL202 finding(s)"
done
step='import jax


@jax.jit
def train_step(state, x_t, noise):
    return state, (x_t - noise).sum()


def train(state, batches):
    for x_t, noise in batches:'
printf '%s\n        state, loss = train_step(state, x_t, noise)\n    return state\n' "$step" >"$dir/c.py"
printf '%s\n        state, loss = train_step(state=state, x_t=x_t, noise=noise)\n    return state\n' "$step" >"$dir/d.py"
for f in c d; do
	n=$(cd "$dir" && ARRAYLINT_NO_CACHE=1 "$bin" check --select AL107 --scale large --output-format json --exit-zero "$f.py" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
	echo "$f.py: $n AL107 finding(s) at --scale large"
done
log='import logging

import jax


@jax.jit
def train_step(state, x):
    return state, x.sum()


def train(state, batches):
    for step, x in enumerate(batches):
        state, loss = train_step(state, x)'
printf '%s\n        print(f"step {step:03d} loss: {loss}")\n    return state\n' "$log" >"$dir/e.py"
printf '%s\n        logging.info(f"step {step:03d} loss: {loss}")\n    return state\n' "$log" >"$dir/f.py"
for f in e f; do
	n=$(cd "$dir" && ARRAYLINT_NO_CACHE=1 "$bin" check --select AL202 --output-format json --exit-zero "$f.py" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
	echo "$f.py: $n AL202 finding(s)"
done
