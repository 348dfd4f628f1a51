# Made in one statement, cast in the next: the array lives only to be cast.
import cupy
import numpy

N = 10_000_000
shape = [96, 64, 64, 96]

a = cupy.random.random(shape)
a = a.astype(numpy.float32)  # want "`random.random` at line 8 makes float64 data \\(301,989,888 bytes\\) only to cast it to float32"


def ranges():
    c = numpy.arange(N)
    c = c.astype(numpy.float32)  # want "`arange` at line 13 makes int64 data \\(80,000,000 bytes\\) only to cast it to float32"
    return c


def read_between():
    c = numpy.arange(N)
    print(c[0])
    c = c.astype(numpy.float32)  # c was read in between: the int64 array was wanted
    return c


def read_after():
    c = numpy.arange(N)
    d = c.astype(numpy.float32)  # c is read again after the cast
    return c, d
