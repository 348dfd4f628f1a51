# The array module as a value (cuPyNumeric's examples take it from their harness): the code may
# run on cuPyNumeric or CuPy, which make every temporary, so NumPy's elision is not assumed even
# where the module handed over is NumPy.
import numpy


def run(np, n):
    a = np.ones((n, n))
    a = a + n * np.eye(n)  # want "`a = a \\+ n \\* np.eye\\(n\\)` allocates a new array of 134,217,728 bytes; update `a` in place"
    return a


if __name__ == "__main__":
    run(numpy, 4096)
