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


# Numbers are not inputs: a colour map of nlev levels stays nlev long when it is multiplied by a
# named constant, by a parameter whose default is a number, or by a value that is a number on the
# path the code shows (second held-out corpus, bench/precision.md).
import math
from math import tau
from scipy.special import gammaln


def ramp(nlev=256):
    fract = np.linspace(0.0, 1.0, nlev)
    red = fract + np.cos(2.0 * np.pi * fract) + np.sin(2.0 * math.pi * fract) + 2.0 * tau * fract
    red[np.where(red > 1.0)] = 1.0
    return red


def scaled(rot=1, gamma=1.0):
    fract = np.linspace(0.0, 1.0, 256)
    red = fract * rot + fract**gamma
    red[np.where(red > 1.0)] = 1.0
    return red


def hue(start=0.5, rot=1, **kwargs):
    if "endHue" in kwargs:
        rot = kwargs.get("endHue") / 360.0 - start / 3.0 - 1.0
    fract = np.linspace(0.0, 1.0, 256)
    red = fract * rot
    red[np.where(red > 1.0)] = 1.0
    return red


def spline_on_grid(spline, lo, hi):
    # an unknown call given only an array the code made (photutils' isophote model): what it
    # returns is sized like that grid, not an input
    grid = np.arange(lo, hi, 0.1)
    eps = spline(grid)
    eps[np.where(eps < 0.0)] = 0.0
    return eps


def normalisation(L):
    # arithmetic on such a result is still the code's (galpy's SCF expansion: gammaln is not in
    # the API table, and the aranges are sized by an integer argument, the expansion's order)
    l = np.arange(0, L)[np.newaxis, :, np.newaxis]
    m = np.arange(0, L)[np.newaxis, np.newaxis, :]
    nn = np.e ** (0.5 * gammaln(l - m + 1) - 0.5 * gammaln(l + m + 1))
    nn[np.where(nn == np.inf)] = 0
    return -nn


# A matrix product whose left operand is a transpose has the rows of its last axis, which is not
# the axis that grows with the data: W.T @ W of samples × states is states × states, and so are
# the eigenvalues of it (sixth held-out corpus, pymbar's mbar.py).
def gram_eigenvalues(W):
    N, K = W.shape
    S2, V = np.linalg.eigh(W.T @ W)
    S2[np.where(S2 < 0.0)] = 0.0
    return V @ np.diag(np.sqrt(S2)) @ V.T


def gram_dot(W):
    W = np.asarray(W)
    G = np.dot(W.T, W)
    G[np.where(G < 0.0)] = 0.0
    H = W.transpose().dot(W)
    H[np.where(H < 0.0)] = 0.0
    return G, H


# A function the run cannot see into, given only numbers, returns something sized by those
# numbers, and so does arithmetic on it: a 21-point grid scaled by `2 / gamma(3.0)` stays 21
# points (seventh held-out corpus, xraylarch's doc_use_mpl.py; gamma is not in the API table).
from scipy.special import gamma as gamma_fn

hr = np.linspace(2.5, 3.5, 21)
hgr = 2 / gamma_fn(3.0) * np.exp(-hr)
hgr[np.where(hgr < 0)] = 0
hgr3 = np.exp(-hr) * -gamma_fn(3.0)
hgr3[np.where(hgr3 < 0)] = 0


def kernel():
    # a function of an imported module, given numbers: a 13-point Gaussian kernel (CaImAn's
    # cv2.getGaussianKernel; scipy.special.gamma by its dotted name likewise)
    import cv2
    import scipy.special

    ker = cv2.getGaussianKernel(13, 2.0) * np.ones(13)
    ker[np.where(ker < 0)] = 0
    g = scipy.special.gamma(3.0) * np.exp(-np.linspace(0, 1, 21))
    g[np.where(g < 0)] = 0
    return ker, g


# np.histogram gives as many counts as bins, whatever the data's size, bins known or not
# (seventh held-out corpus, xrt's plot histograms).
def log_counts(x, axis):
    counts, edges = np.histogram(x, bins=axis.bins, weights=x)
    counts = np.log10(counts)
    counts[np.where(np.isnan(counts))] = 0
    return counts

