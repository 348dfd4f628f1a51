# Layers whose sizes the program that builds them (main.py) states: the rules judge each array
# at the integers every caller in the project passes, followed through the callers' own
# parameters (Block -> Attention) and module constants under `if __name__ == "__main__":`.
import cupy as cp


class Attention:
    def __init__(self, d_model):
        # (64, 64) float64 where main.py builds it: 32 kB, not worth a finding
        self.w = cp.random.uniform(-1, 1, (d_model, d_model)).astype(cp.float32)


class Block:
    def __init__(self, d_model):
        self.attn = Attention(d_model)


class Embedding:
    def __init__(self, vocab, d_model):
        # vocab is len(words): no caller states it, so the size stays unknown and large here
        self.table = cp.random.uniform(-1, 1, (vocab, d_model)).astype(cp.float32)  # want "large by scale = .large."


class Big:
    def __init__(self, n):
        self.grid = cp.random.random((n, n)).astype(cp.float32)  # want `134,217,728 bytes where n = 4096: .N. at \S*main.py:\d+, N = 4096 at \S*main.py:\d+`


class Escaped:
    def __init__(self, n):
        # main.py also keeps the class in a list, from which anything may build it
        self.x = cp.random.random((n, n)).astype(cp.float32)  # want "large by scale = .large."


class Sampler:
    def __init__(self, latent):
        self.latent = latent

    def sample(self):
        # self.latent is __init__'s latent, 16 wherever the program builds a Sampler: 2 kB
        return cp.random.randn(self.latent, self.latent).astype(cp.float32)


class Growing:
    def __init__(self, n):
        self.n = n

    def grow(self):
        self.n = self.n * 1000

    def draw(self):
        # grow() rebinds self.n: the callers' 16 says nothing about it here
        return cp.random.randn(self.n, self.n).astype(cp.float32)  # want "large by scale = .large."


def make(n):
    # the callers disagree (10 and 10**4): no size is stated
    return cp.random.random((n, n)).astype(cp.float32)  # want "large by scale = .large."
