"""Does a cuPyNumeric example fit where arraylint says it fits? Runs examples under the real
Legate runtime (CPU only) with a SYSTEM_MEM pool just below and just at the smallest pool
arraylint says holds the example, and reports whether the runtime ran out of memory.

Usage (legate_examples.sh sets the environment):
  python3 legate_examples.py --arraylint BIN --legate LEGATE --examples DIR [--out FILE.md]

DIR holds nv-legate/cupynumeric's examples/ (with _benchmark/). For each case and size, the
smallest pool in MiB at which `arraylint mem --backend legate --sysmem S --function FN` reports
`fits` is S; the example function is then run by `legate --cpus 1 --gpus 0 --sysmem S` and with
S - 1, from a small script that imports the example with cupynumeric as np. Right means: the
runtime completes at S and runs out of memory at S - 1.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

MIB = 1 << 20

# example file, function, the arguments both get (as Python expressions), the size name, sizes
CASES = [
    ("stencil", "run_stencil", {"I": "2", "warmup": "1"}, "N", [1000, 2000]),
    ("jacobi", "run_jacobi", {"iters": "2", "warmup": "1", "perform_check": "False",
                              "print_timing": "False", "verbose": "False"}, "N", [1000, 2000]),
    ("gemm", "run_gemm", {"I": "2", "warmup": "1", "ft": "np.float64"}, "N", [1000, 1500]),
]

DRIVER = """import sys
sys.path.insert(0, {examples!r})
import cupynumeric as np
import {module} as example


class Timer:
    def start(self):
        pass

    def stop(self):
        return 1.0


example.{fn}(np, {args}, timer=Timer())
print("completed")
"""


def estimate(binary, path, fn, assumes, sysmem):
    cmd = [binary, "mem", "--backend", "legate", "--format", "json", "--function", fn,
           "--sysmem", str(sysmem)]
    for k, v in assumes.items():
        cmd += ["--assume", f"{k}={v}"]
    p = subprocess.run(cmd + [path], capture_output=True, text=True)
    if not p.stdout.strip():
        sys.exit(f"arraylint on {path}: {p.stderr.strip()[-300:]}")
    r = next(x for x in json.loads(p.stdout) if x["scope"] == fn)
    return r


def smallest_fit(binary, path, fn, assumes):
    r = estimate(binary, path, fn, assumes, 1 << 20)
    peak = r["peak_bytes"]
    s = max(1, math.ceil(peak / MIB) - 3)
    while not estimate(binary, path, fn, assumes, s)["fits"]:
        s += 1
    return peak, s, r


def run_legate(legate, script, sysmem, cwd):
    p = subprocess.run([legate, "--cpus", "1", "--gpus", "0", "--sysmem", str(sysmem), script],
                       capture_output=True, text=True, cwd=cwd, timeout=600)
    out = p.stdout + p.stderr
    oom = "Failed to allocate" in out
    failed = next((line for line in out.splitlines() if "Failed to allocate" in line), "")
    return {"status": p.returncode, "completed": "completed" in p.stdout, "oom": oom,
            "oom_line": failed[failed.find("Failed"):][:160]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arraylint", required=True)
    ap.add_argument("--legate", required=True)
    ap.add_argument("--examples", required=True)
    ap.add_argument("--out")
    a = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for module, fn, args, size_name, sizes in CASES:
            path = os.path.join(a.examples, module + ".py")
            for size in sizes:
                assumes = dict(args, **{size_name: str(size)})
                peak, s, r = smallest_fit(a.arraylint, path, fn, assumes)
                script = os.path.join(tmp, f"{module}_{size}.py")
                call = ", ".join(f"{k}={v}" for k, v in assumes.items())
                with open(script, "w") as f:
                    f.write(DRIVER.format(examples=os.path.abspath(a.examples), module=module, fn=fn, args=call))
                at = run_legate(a.legate, script, s, tmp)
                below = run_legate(a.legate, script, s - 1, tmp)
                row = {"example": module, "size": f"{size_name}={size}", "estimate": peak,
                       "unknown": len(r.get("unknown") or []), "pool_mib": s, "at": at, "below": below,
                       "right": at["completed"] and not at["oom"] and below["oom"]}
                rows.append(row)
                print(json.dumps(row), file=sys.stderr)
    lines = ["# cuPyNumeric examples under the Legate runtime at arraylint's smallest fitting pool", "",
             "Made by bench/truth/legate_examples.sh (CPU only, `--cpus 1 --gpus 0`). S is the smallest "
             "`--sysmem` (MiB) at which `arraylint mem --backend legate` says the function fits; the runtime "
             "is run at S and at S - 1. Right: completes at S and runs out of memory at S - 1.", "",
             f"Right on {sum(r['right'] for r in rows)} of {len(rows)} cases.", "",
             "| example | size | estimate (B) | S (MiB) | at S | at S - 1 | right |", "|---|---|---:|---:|---|---|---|"]

    def verdict(x):
        if x["oom"]:
            return "out of memory"
        return "completed" if x["completed"] else f"failed (status {x['status']})"

    for r in rows:
        lines.append(f"| {r['example']} | {r['size']} | {r['estimate']:,} | {r['pool_mib']} | {verdict(r['at'])} "
                     f"| {verdict(r['below'])} | {'yes' if r['right'] else 'no'} |")
    text = "\n".join(lines) + "\n"
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
