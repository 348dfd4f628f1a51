# Test code (a test_*.py file): sizes are fixtures, so index arrays of unknown size stay quiet.
import numpy as np


def test_fill(graph):
    graph[np.where(graph == 0)] = np.inf
    return graph
