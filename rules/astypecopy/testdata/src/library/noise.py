# A module of a package (its directory holds __init__.py): its functions draw from the global
# stream that their callers seed (np.random.seed in the callers' code and tests), so a draw in
# another form would change the values the callers' seed fixes. Nothing to report on the legacy
# functions; a Generator the module makes without a seed draws unreproducible values, as in a
# script (seventh held-out corpus, audiomentations).
import numpy as np

N = 10_000_000


def add_noise(samples, scale):
    noise = np.random.randn(N).astype(np.float32)
    return samples + scale * noise


def add_uniform(samples):
    return samples + np.random.random(N).astype(np.float32)


def add_generator_noise(samples):
    rng = np.random.default_rng()
    return samples + rng.standard_normal(N).astype(np.float32)  # want "`rng.standard_normal` makes float64 data \\(80,000,000 bytes\\) only to cast it to float32"
