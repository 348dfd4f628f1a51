# A function the file calls inside a loop runs once per iteration of that loop: its 8 MB
# pairwise temporaries are made on every step, as if the loop's own body held them, so they
# count against min-bytes, not once-min-bytes.
import cupy as np  # CuPy makes every temporary; NumPy would compute these chains in one buffer (elision.go)


def pairwise(x, soft):
    dx = x.T - x
    r2 = dx * dx + soft * soft + 1.0  # want "`dx \\* dx \\+ soft \\* soft \\+ 1.0` allocates 2 temporaries of 8,000,000 bytes for `dx \\* dx`; compute it in place"
    return r2, dx


def energy(x):
    d = x.T - x
    e = d * d * 0.5 + 1.0  # want "`d \\* d \\* 0.5 \\+ 1.0` allocates 2 temporaries of 8,000,000 bytes for `d \\* d`; compute it in place"
    return e.sum() + d.sum()


def measure(x):
    return energy(x)  # energy runs once per call of measure, and measure once per step


def run(x, steps):
    r2 = pairwise(x, 0.1)  # once before the loop, then on every step
    for _ in range(steps):
        r2 = pairwise(x, 0.1)
        measure(x)
    return r2


def main():
    x = np.random.default_rng(0).random((1000, 1))
    return run(x, 1500)


if __name__ == "__main__":
    main()
