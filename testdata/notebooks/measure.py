"""Run a notebook's code cells in order under tracemalloc and print the peak.

Reads the JSON that `arraylint debug notebook NB.ipynb` prints (the cells' Python, IPython syntax
masked as arraylint masks it) on standard input, executes the cells one after another in one
namespace, as a kernel would, and prints {"peak_bytes", "peak_cell", "cell_peaks"}: the highest
traced memory, the cell it happened in and each cell's own peak. matplotlib is replaced by a stub
when it is not installed, and display() is a no-op, as neither allocates arrays the estimate
counts.
"""
import json
import sys
import tracemalloc
import types

nb = json.load(sys.stdin)
try:
    import matplotlib
    matplotlib.use("Agg")
except ImportError:
    stub = types.ModuleType("matplotlib")
    pyplot = types.ModuleType("matplotlib.pyplot")
    pyplot.__getattr__ = lambda name: (lambda *a, **k: None)
    stub.pyplot = pyplot
    sys.modules["matplotlib"] = stub
    sys.modules["matplotlib.pyplot"] = pyplot
import numpy  # imported before tracing: its own start-up allocations are not the program's

ns = {"__name__": "__main__", "display": lambda *a, **k: None}
code = [(c["cell"], compile(c["source"], "cell %d" % c["cell"], "exec")) for c in nb["cells"]]
peaks = {}
tracemalloc.start()
base = tracemalloc.get_traced_memory()[0]
for cell, co in code:
    tracemalloc.reset_peak()
    exec(co, ns)
    peaks[cell] = tracemalloc.get_traced_memory()[1] - base
tracemalloc.stop()
top = max(peaks, key=peaks.get)
print(json.dumps({"peak_bytes": peaks[top], "peak_cell": top, "cell_peaks": peaks}))
