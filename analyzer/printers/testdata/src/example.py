import numpy as np

def scale(x, k):
    x = x * k  # noqa: AL999
	π = "ü" + bad
    return x
