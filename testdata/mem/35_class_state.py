# kind: class
# An object keeps its arrays in attributes: they stay live across its method calls, and each
# method's temporaries count while it runs (pos, vel and the new vel in advance).
import numpy as np


class Particles:
    def __init__(self, n):
        self.pos = np.zeros((n, 3))
        self.vel = np.ones((n, 3))
        self.steps = 0

    def advance(self, dt):
        self.pos += dt * self.vel
        self.vel = self.vel * 0.99
        self.steps += 1

    def energy(self):
        return 0.5 * self.vel.sum()


p = Particles(400_000)
for _ in range(3):
    p.advance(0.01)
e = p.energy()
