import cupy as cp
import numpy as np


def cupy_loop(frames):
    frames = cp.asarray(frames)
    out = []
    for f in frames:
        g = cp.fft.fft2(f)
        out.append(cp.asnumpy(g))  # want "`cp.asnumpy\\(g\\)` copies to the host and waits for the device every iteration of the loop calling `cp.fft.fft2`"
    return np.stack(out)


def cupy_batched(frames):
    gs = []
    for f in frames:
        gs.append(cp.fft.fft2(cp.asarray(f)))
    return cp.asnumpy(cp.stack(gs))


def cupy_streamed(frames):
    # out of core: each frame goes up, is transformed, and comes back to make room for the next
    out = []
    for f in frames:
        g = cp.fft.fft2(cp.asarray(f))
        out.append(cp.asnumpy(g))
    return np.stack(out)
