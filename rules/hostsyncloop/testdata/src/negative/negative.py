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


# The cases below were rewritten from the shapes of real loops the first precision review found
# reported wrongly (issue 26).


@jax.jit
def rollout(params, obs):
    def one(carry, _):
        return carry * 0.9 + params, carry.sum()

    obs, rewards = jax.lax.scan(one, obs, None, 128)
    return obs, rewards


@jax.jit
def update(params, obs):
    return params - 0.01 * obs.mean(), jnp.mean(obs**2)


def long_iteration(params, obs, iterations):
    # each iteration a whole rollout and an update: one log per iteration costs nothing
    for it in range(iterations):
        obs, rewards = rollout(params, obs)
        params, loss = update(params, obs)
        print(it, rewards.mean().item(), loss.item())
    return params


def rollout_only(params, obs, iterations):
    # one jitted call per iteration, but it runs a scan over 128 steps
    for it in range(iterations):
        obs, rewards = rollout(params, obs)
        print(it, float(rewards.sum()))
    return obs


def acts_on_host(params, envs, obs, steps):
    # the action is consumed by a host environment every step anyway
    for _ in range(steps):
        params, actions = step(params, obs)
        actions = jax.device_get(actions)
        obs, reward, done, info = envs.step(actions)
        print(float(reward))
    return params


def compare_configs(params, batch):
    # a reproduction script: a few configurations, the printed difference is the output
    for scale in (0.5, 1.0, 2.0):
        a, loss = step(params * scale, batch)
        print(scale, float(jnp.abs(a - params).max()))


def already_branches(params, batches):
    # the branch on a device value already waits every iteration
    for batch in batches:
        params, loss = step(params, batch)
        mean = summarize(loss)
        print(float(loss), mean)
    return params


def summarize(x):
    if not jnp.any(x > 0):
        return None
    return float(jnp.mean(x))


def continue_guard(params, batches, log_every):
    for i, batch in enumerate(batches):
        params, loss = step(params, batch)
        if (i + 1) % log_every != 0:
            continue
        print(i, float(loss))
    return params


def verdict_on_host(params, batches):
    # the synced value decides what is printed: a branch on the host needs it
    for batch in batches:
        params, loss = step(params, batch)
        md = float(loss)
        print("BAD" if md > 1e-3 else "ok")
    return params


def streamed(params, host_frames):
    # out of core: each batch goes up, is processed and comes back to the host
    out = []
    for i in range(0, host_frames.shape[0], 64):
        batch = jnp.asarray(host_frames[i : i + 64])
        params, res = step(params, batch)
        out.append(np.asarray(res))
    return np.concatenate(out)


# The cases below stand for the classes the second review found reported wrongly (issue 26),
# written for this fixture.


def feeds_update(params, batches):
    # the synced scalar weighs the next device update: arithmetic, not a log
    grad = jnp.zeros_like(params)
    for batch in batches:
        params, loss = step(params, batch)
        w = float(loss)
        grad = grad + w * params
    return grad


def feeds_accumulator(params, batches):
    total = jnp.zeros_like(params)
    for batch in batches:
        params, loss = step(params, batch)
        total += float(jnp.sum(loss)) * params
    return total


def early_stop(params, batches, tol):
    # the kept values decide when to stop, every iteration
    history = []
    for batch in batches:
        params, loss = step(params, batch)
        history.append(float(loss))
        recent = history[-10:]
        if len(recent) == 10 and recent[0] - recent[-1] < tol:
            break
    return params


def first_and_last(params, batches, verbose):
    # the guard lets the print run on a few iterations only
    for i, batch in enumerate(batches, start=1):
        params, loss = step(params, batch)
        if verbose and (i <= 3 or i == len(batches) // 2 or i == len(batches)):
            print(i, float(loss))
    return params


def skip_after_first(params, batches):
    n = 0
    while n < len(batches):
        params, loss = step(params, batches[n])
        n += 1
        if n > 2:
            continue
        print(n, float(loss))
    return params


def kernel_names(dtypes):
    # a CuPy helper the API table does not know returns a type name, not a device array: the
    # f-string formats host text
    from cupy._core._scalar import get_typename

    names = []
    for dt in dtypes:
        name = get_typename(dt)
        names.append(f"kernel<{name}>")
    return names


def train_then_evaluate(params, batches, eval_batches):
    # the evaluation loop runs every 250 training steps: its per-batch prints are a few per N steps
    for i, batch in enumerate(batches):
        params, loss = step(params, batch)
        if i % 250 == 0:
            for eval_batch in eval_batches:
                _, eval_loss = step(params, eval_batch)
                print("eval", float(eval_loss))
    return params
