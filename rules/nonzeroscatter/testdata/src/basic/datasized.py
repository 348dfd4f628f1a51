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
