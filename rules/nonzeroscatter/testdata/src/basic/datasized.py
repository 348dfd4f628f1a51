# Index arrays over arrays of unknown size that come from the data the code is given (a parameter,
# an unknown call's result, arrays computed from them): they scale with the input, so the scatter
# is reported like one over a known-large array.
import numpy as np


def ratio(ylist):
    data = np.array(ylist[0])
    model = np.asarray(ylist[1])
    bad = np.where(model == 0.0)
    data[bad] = 0.0
    model[bad] = 1.0  # want "scatter through `bad` from `where`; index with `model == 0.0` instead"
    return data / model


def clip_model(image):
    result = image * 2.0
    result[np.where(result == 0.0)] = 1.0  # want "scatter through `np.where\\(result == 0.0\\)` from `where`; index with `result == 0.0` instead"
    return result


def phase(image, rot):
    # rot has no default and is read as an input: it may be an array as large as the data
    fract = np.linspace(0.0, 1.0, 256)
    red = fract * rot
    red[np.where(red > 1.0)] = 1.0  # want "scatter through `np.where\\(red > 1.0\\)` from `where`; index with `red > 1.0` instead"
    return red


def spline_on_input(spline, x):
    # given an input, an unknown call's result is still read as the input's size
    eps = spline(x)
    eps[np.where(eps < 0.0)] = 0.0  # want "scatter through `np.where\\(eps < 0.0\\)` from `where`; index with `eps < 0.0` instead"
    return eps


def magnitudes(xyz):
    # a reduction that keeps the first axis of an input is one value per row (dipy's magn: one
    # magnitude per streamline point), as large as the data
    mag = np.sum(xyz**2, axis=1) ** 0.5
    imag = np.where(mag == 0)
    mag[imag] = 1e-12  # want "scatter through `imag` from `where`; index with `mag == 0` instead"
    return mag


def projected(X, w):
    # X @ w has X's rows: the data's length (the transpose rule is for a transposed left operand)
    scores = X @ w
    scores[np.where(scores < 0.0)] = 0.0  # want "scatter through `np.where\\(scores < 0.0\\)` from `where`; index with `scores < 0.0` instead"
    return scores



# What a method of an input returns comes from the input (pyGAM's `np.ones_like(y.ravel())`),
# and so does what a function returns when a number it is given is a size from the data.
def unravelled(y):
    flat = y.ravel()
    flat[np.where(flat < 0.0)] = 0.0  # want "scatter through `np.where\\(flat < 0.0\\)` from `where`; index with `flat < 0.0` instead"
    return flat


def sized_by_data(x, make):
    buf = 2 / make(len(x))
    buf[np.where(buf < 0.0)] = 0.0  # want "scatter through `np.where\\(buf < 0.0\\)` from `where`; index with `buf < 0.0` instead"
    return buf

