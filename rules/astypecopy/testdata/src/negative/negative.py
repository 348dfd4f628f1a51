# Conversions the program needs, or whose source dtype it does not choose: nothing to report.
import numpy as np
import torch

N = 10_000_000


def loaded(path):
    a = np.load(path).astype(np.float32)  # data from a file
    b = np.fromfile(path).astype(np.float32)
    c = np.loadtxt(path).astype(np.float32)
    return a, b, c


def parameters(x: np.ndarray, y, z):
    a = x.astype(np.float32)  # a parameter of unknown dtype
    b = y.astype(np.float32)  # an unknown value
    c = z.astype(z.dtype)
    return a, b, c


def needed_conversions():
    a = np.zeros(N, dtype=np.float32)
    b = (a * 2).astype(np.float64)  # computed data converted on purpose
    c = np.arange(N)
    c = c.astype(np.float32)  # a named array converted to another dtype
    return b, c


def copy_false_same_dtype():
    a = np.zeros(N, dtype=np.float32)
    return a.astype(np.float32, copy=False)  # no copy happens


def dynamic(dt):
    return np.zeros(N).astype(dt)  # the target dtype is not known


def converted_input(data):
    return np.asarray(data).astype(np.float32)  # asarray of outside data


def scalar_sample():
    return np.random.random().astype(np.float32)  # one scalar, not an array


def other_libraries(df):
    t = torch.zeros(N).type(torch.float32)
    s = df["col"].astype(np.float32)
    return t, s


def shadowed():
    np = FakeArrayModule()  # np is not numpy here
    return np.zeros(N).astype(np.float32)


def shadowed_parameter(np):
    return np.ones(N).astype(np.float32)


def np_rebound():
    import numpy as np
    np = None
    return np.zeros(N).astype(np.float32)


def method_chain(x: np.ndarray):
    return x.reshape(-1).astype(np.float64)  # a view of a parameter


class Model:
    def weights(self):
        return self.w.astype(np.float32)  # attribute of unknown type


def explicit_copy():
    a = np.arange(N)
    b = a.astype(np.int64, copy=True)  # the copy is asked for
    c = a.astype("d")  # int64 to float64 is a real conversion
    return b, c
