# Arrays whose size is not a number but comes from the data the code is given: their copies scale
# with the input, so they are reported like known-large ones.
import numpy as np


def per_row_flags(x):
    keep = np.ones(x.shape[0]).astype(bool)  # want "`ones` makes float64 data only to cast it to bool"
    return keep


def volume_labels(static):
    squares = np.zeros_like(static).astype(np.int32)  # want "`zeros_like` makes an array only to cast it to int32"
    return squares


def unpacked_rows(X):
    n, = X.shape
    return np.arange(n).astype(np.float64)  # want "`arange` makes int64 data only to cast it to float64"


def _as_float32(x):
    # called once in the file, with 10,000,000 float64 elements: the copy's size is known
    return np.zeros_like(x).astype(np.float32)  # want "`zeros_like` makes float64 data \\(80,000,000 bytes\\) only to cast it to float32"


def run_cast():
    return _as_float32(np.ones(10_000_000))


# A call written over several lines gets dtype= after its last argument, and what follows that
# argument stays as it was (eighth held-out corpus, cooltools' snipping.py).
def region_flags(bins, region):
    isnan = np.zeros_like(  # want "`zeros_like` makes an array only to cast it to bool"
        bins.fetch(region).values
    ).astype(bool)
    trailing = np.zeros_like(  # want "`zeros_like` makes an array only to cast it to bool"
        bins.fetch(region).values,
    ).astype(bool)
    commented = np.ones_like(  # want "`ones_like` makes an array only to cast it to bool"
        bins.fetch(region).values  # the bin starts
    ).astype(bool)
    return isnan, trailing, commented
