# A function that reads its arrays from the fields of a dataclass instance its caller made: the
# fields hold what the call of the class passed (a (2000, 3) float64 array here), also after the
# loop rebinds one to an array of the same shape, so the pairwise terms are 32 MB on every step.
from dataclasses import dataclass

import cupy as np  # CuPy makes every temporary; NumPy would compute these chains in one buffer (elision.go)


@dataclass
class Bodies:
    soft: float
    pos: np.ndarray
    vel: np.ndarray


def pairwise(b):
    x = b.pos[:, 0:1]
    dx = x.T - x
    r2 = dx * dx + b.soft * b.soft + 1.0  # want "`dx \\* dx \\+ b.soft \\* b.soft...` allocates 2 temporaries of 32,000,000 bytes for `dx \\* dx`; compute it in place"
    return r2, dx


def run(b, steps, dt):
    r2 = pairwise(b)
    for _ in range(steps):
        b.pos = b.pos + b.vel * dt
        r2 = pairwise(b)
    return r2


def main():
    rng = np.random.default_rng(0)
    pos = rng.standard_normal((2000, 3))
    vel = rng.standard_normal((2000, 3))
    return run(Bodies(0.1, pos, vel), 100, 0.01)


if __name__ == "__main__":
    main()
