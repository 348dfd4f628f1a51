# Index arrays over arrays that nothing says are large: a Python list the code builds itself, or a
# patch built inside a Python loop over the data's elements, or a collection the code loops over in
# Python.
import numpy as np


def tabulated_pdf(f, n=256):
    pdf = np.array([0.0] + [f(i) for i in range(n - 1)])
    w = np.where(~(pdf >= 0))
    pdf[w] = 0.0
    return pdf


def dilate(rois, dist, xx):
    for j in range(xx.shape[0]):
        local = rois[xx[j]]
        thisdist = np.multiply(dist, local)
        thisdist[np.nonzero(thisdist == 0)] = 1.0
        rois[xx[j]] = thisdist


def relabel(condition_names, maps):
    # the code loops over condition_names in Python: a handful of labels, not the data
    for i, cond in enumerate(condition_names):
        maps[i] = cond
    condition_names[np.where(condition_names == "scrambledpix")] = "scrambled"
