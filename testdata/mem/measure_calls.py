"""Measure single-call NumPy programs: peak traced memory, and the shape and dtype of results.

Usage: python3 measure_calls.py < programs.json

Reads a JSON list of {"name": ..., "src": ...} objects. Runs each program in a fresh namespace
under tracemalloc and prints one JSON object per program, one per line:
  {"name": ..., "peak_bytes": N, "results": {"r": {"shape": [...], "dtype": "float64"}, ...}}
peak_bytes is the highest traced memory above the level just before the program started (NumPy
reports its data buffers to tracemalloc). results describes every global named r, r0, r1 …: an
ndarray gives its shape and dtype, a scipy.sparse matrix its shape, its data's dtype and its format
("sparse": "csr"); anything else (a NumPy or Python scalar) gives
{"scalar": true}. A program that raises gives {"name": ..., "error": "..."}.
"""

import gc
import json
import re
import sys
import tracemalloc
import warnings

import numpy

RESULT = re.compile(r"^r[0-9]*$")


def describe(v):
    if isinstance(v, numpy.ndarray):
        return {"shape": list(v.shape), "dtype": str(v.dtype)}
    fmt = getattr(v, "format", None)
    if isinstance(fmt, str) and hasattr(v, "nnz") and hasattr(v, "tocsr"):
        return {"shape": list(v.shape), "dtype": str(v.dtype), "sparse": fmt}
    return {"scalar": True}


def measure(name, src):
    glb = {"__name__": "__main__"}
    code = compile(src, name, "exec")
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(code, glb)
        peak = tracemalloc.get_traced_memory()[1] - base
    except Exception as e:  # reported to the Go test, which fails the row
        return {"name": name, "error": f"{type(e).__name__}: {e}"}
    finally:
        tracemalloc.stop()
    results = {k: describe(v) for k, v in glb.items() if RESULT.match(k)}
    glb.clear()
    return {"name": name, "peak_bytes": peak, "results": results}


if __name__ == "__main__":
    for p in json.load(sys.stdin):
        print(json.dumps(measure(p["name"], p["src"])), flush=True)
