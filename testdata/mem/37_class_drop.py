# kind: class
# An instance releases its arrays when its last reference goes: a local one when its function
# returns, a global one at `del` of its last name; the later allocation reuses that memory.
import numpy as np


class Workspace:
    def __init__(self, n):
        self.a = np.ones(n)
        self.b = np.ones(n)

    def combine(self):
        return self.a + self.b


def run(n):
    ws = Workspace(n)
    r = ws.combine()
    return r


r1 = run(1_500_000)
w = Workspace(1_000_000)
w2 = w
del w
c = w2.combine()
del w2
d = np.ones(5_000_000)
