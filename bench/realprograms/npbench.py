"""Print the manifest rows of spcl/npbench's NumPy kernels for bench/realprograms/manifest.tsv.

Usage: python3 npbench.py NPBENCH_DIR COMMIT

Every benchmark described in NPBENCH_DIR/bench_info/*.json (alphabetical by file name) whose
NumPy implementation npbench/benchmarks/<path>/<module>_numpy.py exists, at its "S" and "M"
presets: a "#compose" entry that runs the kernel file, then the benchmark's own module (its
initialize function), then `P = v; ...; outputs = initialize(...)` and the kernel call, as
npbench's harness does. Nothing is chosen by content.
"""

import glob
import json
import os
import sys


def rows(root, commit):
    out = []
    for info in sorted(glob.glob(os.path.join(root, "bench_info", "*.json"))):
        b = json.load(open(info))["benchmark"]
        base = f"npbench/benchmarks/{b['relative_path']}/{b['module_name']}"
        if not os.path.exists(os.path.join(root, base + "_numpy.py")):
            continue
        params = b["parameters"]
        names = list(params["S"])
        setup = [f"{k} = {{{k}}}" for k in names]
        path = base + "_numpy.py"
        if b.get("init"):
            init = b["init"]
            setup.append(f"{', '.join(init['output_args'])} = {init['func_name']}({', '.join(init['input_args'])})")
            path += "+" + base + ".py"
        run = f"{b['func_name']}({', '.join(b['input_args'])})"
        sizes = "|".join(";".join(f"{k}={params[p][k]}" for k in names) for p in ("S", "M"))
        pid = b["short_name"].replace("/", "_")
        out.append("\t".join([pid, "spcl/npbench", commit, path, "#compose", "; ".join(setup) + " #run: " + run, sizes]))
    return out


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print("\n".join(rows(sys.argv[1], sys.argv[2])))
