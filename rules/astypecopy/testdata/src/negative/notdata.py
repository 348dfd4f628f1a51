# Arrays of unknown size that nothing says are large: sized by a plain integer (a parameter, a
# default, a count held in an attribute), by an axis other than an input's leading one, by the
# leading axis of an input the code reads as a grid of several axes, by a collection the code loops
# over in Python, or built inside a Python loop over the data's elements. The memory and speed
# rules stay quiet on them (on real code they were bins, polynomial terms, table axes, peaks).
import numpy as np


def bernstein(k_terms):
    return np.arange(k_terms).astype(float)


def histogram_edges(lo, hi, bins=10):
    return np.linspace(lo, hi, bins + 1).astype(np.float32)


class Histogram:
    def edges(self, lo, hi):
        return np.linspace(lo, hi, self.bins + 1).astype(np.float32)


def per_feature(X):
    return np.zeros(X.shape[1]).astype(bool)


def last_axis(series):
    return np.zeros(series.shape[-1]).astype(bool)


def table_axes(table, x0, x1, y0, y1):
    x_bins = np.linspace(x0, x1, table.shape[0]).astype("float64")
    y_bins = np.linspace(y0, y1, table.shape[1]).astype("float64")
    return x_bins, y_bins


def peaks(xyz):
    keep = np.ones(xyz.shape[0]).astype(bool)
    for i in range(xyz.shape[0]):
        keep[i] = xyz[i, 0] > 0
    return keep


def list_length(items):
    return np.zeros(len(items)).astype(int)  # len() of a value that may be a list of a few objects


def per_element(image, rows):
    for r in range(rows.shape[0]):
        patch = image[r]
        flags = np.zeros_like(patch).astype(bool)
        image[r] = flags


class Grid:
    def flags(self):
        return np.zeros(self.size).astype(bool)  # the object's own size attribute: a count


def per_gene(data, sparse, threshold=0):
    # a reduction over an input's first axis is one value per column (openTSNE's gene filter: one
    # rate per gene of a cells × genes matrix), in the function form, the method form of a value
    # of unknown type, and their join
    if sparse:
        rate = 1 - np.squeeze(np.array((data > threshold).mean(axis=0)))
    else:
        rate = 1 - np.mean(data > threshold, axis=0)
    kept = np.zeros_like(rate).astype(bool)
    total = np.sum(data, axis=0)
    return kept, np.zeros_like(total).astype(bool), np.zeros_like(data.max(0)).astype(bool)


def _flags(x):
    # called once in the file, with an array of 100 elements: its parameter is that array
    return np.zeros_like(x).astype(bool)


def run_flags():
    return _flags(np.ones(100))
