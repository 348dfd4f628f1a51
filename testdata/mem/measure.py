"""Measure the real peak of a NumPy program with tracemalloc, and the line where it happens.

Usage: python3 measure.py PROGRAM.py [PROGRAM.py ...]
(or, from Python, measure(path, argv) and measure_call(path, fn, *args, **kwargs))

Prints one JSON object per program, one per line:
  {"file": ..., "peak_bytes": N, "peak_line": L, "peak_inner_line": L2, "line_peaks": {...},
   "inner_line_peaks": {...}}
peak_bytes is the highest traced memory above the level just before the program started (NumPy
reports its data buffers to tracemalloc). Attribution uses a line tracer that reads and resets
tracemalloc's peak at each line event. peak_line is the outermost (module-level) statement that
was running when the program first came within NOISE (0.5%) of its peak; peak_inner_line is the
innermost line of the program then (inside a called function, say). The tolerance exists because
NumPy's ufunc machinery allocates scratch buffers of 8192 elements (64 KiB for float64) inside
some reductions and casts: a later line holding the same arrays can read a few KiB higher.
line_peaks maps each module-level line to the highest traced memory while it ran; a line whose
value is within NOISE of peak_bytes is a peak line as well. inner_line_peaks does the same for the
innermost lines (the lines inside called functions of the program).
"""

import argparse
import json
import os
import sys
import tracemalloc

import numpy  # noqa: F401  imported before tracing so its import does not count

# argparse's first parser compiles regular expressions and loads gettext (about 420 KB of Python
# objects, measured): not array memory, so it happens before tracing, like numpy's import.
argparse.ArgumentParser().parse_args([])

NOISE = 0.005


def measure(path, argv=None):
    """Run the program at path as __main__ with sys.argv = [path] + argv and measure it."""
    path = os.path.abspath(path)
    with open(path) as f:
        code = compile(f.read(), path, "exec")
    glb = {"__name__": "__main__", "__file__": path}

    def run():
        saved = sys.argv
        # a program that reads options (argparse) runs with its defaults, or with argv
        sys.argv = [path] + list(argv or [])
        try:
            exec(code, glb)
        finally:
            sys.argv = saved

    return trace(path, run)


def measure_call(path, fn, *args, **kwargs):
    """Measure the call fn(*args, **kwargs) of a function defined in the file at path.

    The module is imported by the caller before, so only the call is traced; peak_line is then
    a line of fn's body (the outermost frame in the file) and line_peaks is keyed by those lines.
    """
    return trace(os.path.abspath(path), lambda: fn(*args, **kwargs))


def trace(path, run):
    """Call run() under tracemalloc and a line tracer for the code of the file at path.

    The tracer's own bookkeeping is traced too, so it keeps a bounded state: the peak of each
    line, and the record-breaking events near the running peak (the first event within NOISE of
    the final peak is always one of them). A list of every line event would grow with the
    number of lines run and show up as the program's memory (17 MB for a loop of 10^5 steps).
    """
    state = {"top": 0, "inner": 0, "base": 0, "best": 0}
    line_peaks, inner_line_peaks = {}, {}
    records = []  # (peak, top line, inner line) of events that beat every earlier one

    def account():
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        peak -= state["base"]
        top, inner = state["top"], state["inner"]
        if peak > line_peaks.get(top, -1):
            line_peaks[top] = peak
        if peak > inner_line_peaks.get(inner, -1):
            inner_line_peaks[inner] = peak
        if peak > state["best"] or not records:
            state["best"] = peak
            floor = peak * (1 - NOISE)
            while records and records[0][0] < floor:
                del records[0]
            records.append((peak, top, inner))

    def local(frame, event, arg):
        if event == "line":
            account()
            state["inner"] = frame.f_lineno
            if frame.f_back is None or frame.f_back.f_code.co_filename != path:
                state["top"] = frame.f_lineno
        return local

    def global_trace(frame, event, arg):
        if frame.f_code.co_filename != path:
            return None
        return local

    tracemalloc.start()
    state["base"] = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    sys.settrace(global_trace)
    try:
        run()
    finally:
        sys.settrace(None)
        account()
        tracemalloc.stop()
    best = state["best"]
    first = next(e for e in records if e[0] >= best * (1 - NOISE))
    return {"file": os.path.basename(path), "peak_bytes": best,
            "peak_line": first[1], "peak_inner_line": first[2],
            "line_peaks": {str(k): v for k, v in line_peaks.items()},
            "inner_line_peaks": {str(k): v for k, v in inner_line_peaks.items()}}


if __name__ == "__main__":
    for p in sys.argv[1:]:
        print(json.dumps(measure(p)), flush=True)
