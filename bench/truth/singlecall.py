"""Single-call check: each program calls one NumPy API function; its traced peak under each
NumPy version is compared with `arraylint mem --format json --numpy-version MAJOR` on the same
program, MAJOR being that NumPy's major version.

Usage:
  python3 singlecall.py --arraylint BIN --python NAME=PYTHON [--python ...] \
      [--jsonl FILE] [--out FILE.md] PROGRAMS...

PROGRAMS are files of JSON lists of {"name", "src"} (a file may hold one list per line, as
capture_python.sh writes them). Each list is measured by the project's driver,
testdata/mem/measure_calls.py, in one process per list and Python, as the API table's test does
(a program named "warm-up" is run first and not counted: the SciPy list imports SciPy there).

A case is, against the traced peak m and the estimate e:
  exact          |e - m| <= max(5 % of m, 128 KiB)    (the API table's own tolerance)
  within 10 %    |e - m| <= max(10 % of m, 128 KiB)
  silently wrong |e - m| >  max(25 % of m, 128 KiB), the report listing nothing as unknown and
                 not marking the peak a lower bound
  raises         the program raises under that NumPy (a name removed, a copy= refused, ...)
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MEASURE = os.path.join(HERE, "..", "..", "testdata", "mem", "measure_calls.py")
SLACK = 128 * 1024


def load_lists(paths):
    """A .json file holds one list; any other file one list per line."""
    lists = []
    for p in paths:
        with open(p) as f:
            if p.endswith(".json"):
                lists.append(json.load(f))
                continue
            lists.extend(json.loads(line) for line in f if line.strip())
    return lists


def measure(python, programs):
    p = subprocess.run([python, MEASURE], input=json.dumps(programs), capture_output=True,
                       text=True, timeout=1800)
    if p.returncode != 0:
        sys.exit(f"measure_calls under {python}: {p.stderr.strip()[-500:]}")
    out = {}
    for line in p.stdout.strip().splitlines():
        m = json.loads(line)
        out[m["name"]] = m
    return out


def estimate(binary, src, scratch, n, numpy_version):
    path = os.path.join(scratch, f"case{n:04d}.py")
    with open(path, "w") as f:
        f.write(src)
    p = subprocess.run([binary, "mem", "--format", "json", "--backend", "numpy",
                        "--numpy-version", numpy_version, path],
                       capture_output=True, text=True)
    if not p.stdout.strip():
        return {"error": p.stderr.strip()[-300:]}
    r = json.loads(p.stdout)[0]
    return {"peak_bytes": r["peak_bytes"], "lower_bound": r.get("peak_is_lower_bound", False),
            "unknown": [f"{u.get('expr')}: {u.get('reason')}" for u in r.get("unknown") or []]}


def classify(m, e):
    if "error" in m:
        return "raises"
    if "error" in e:
        return "no estimate"
    d = abs(e["peak_bytes"] - m["peak_bytes"])
    if d <= max(0.05 * m["peak_bytes"], SLACK):
        return "exact"
    if d <= max(0.10 * m["peak_bytes"], SLACK):
        return "within 10 %"
    if d > max(0.25 * m["peak_bytes"], SLACK) and not e["unknown"] and not e["lower_bound"]:
        return "silently wrong"
    return "off"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arraylint", required=True)
    ap.add_argument("--python", action="append", required=True, help="NAME=PYTHON")
    ap.add_argument("--jsonl")
    ap.add_argument("--out")
    ap.add_argument("programs", nargs="+")
    a = ap.parse_args()
    lists = load_lists(a.programs)
    pys = [p.split("=", 1) for p in a.python]
    versions = {}
    for name, py in pys:
        versions[name] = subprocess.run([py, "-c", "import numpy; print(numpy.__version__)"],
                                        capture_output=True, text=True).stdout.strip()
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        n = 0
        for progs in lists:
            measured = {name: measure(py, progs) for name, py in pys}
            for prog in progs:
                if prog["name"] == "warm-up":
                    continue
                n += 1
                # each NumPy's measurement against the estimate for its major version
                # (--numpy-version), made once per version
                est = {}
                for name, _ in pys:
                    major = versions[name].split(".")[0]
                    if major not in est:
                        est[major] = estimate(a.arraylint, prog["src"], scratch, n, major)
                row = {"name": prog["name"], "src": prog["src"],
                       "estimate": est[versions[pys[0][0]].split(".")[0]]}
                for name, _ in pys:
                    m = measured[name][prog["name"]]
                    e = est[versions[name].split(".")[0]]
                    row[name] = {"measured": m.get("peak_bytes"), "error": m.get("error"),
                                 "results": m.get("results"), "class": classify(m, e),
                                 "estimate": e["peak_bytes"] if "peak_bytes" in e else None}
                rows.append(row)
    if a.jsonl:
        with open(a.jsonl, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    text = render(rows, [n for n, _ in pys], versions)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    sys.stdout.write(text)


CLASSES = ["exact", "within 10 %", "off", "silently wrong", "raises", "no estimate"]


def render(rows, names, versions):
    out = ["# Single-call check: arraylint mem against tracemalloc under each NumPy", "",
           "Made by bench/truth/singlecall.sh. exact: within max(5 %, 128 KiB); within 10 %: "
           "within max(10 %, 128 KiB) but not exact; off: neither, but either a lower bound, "
           "something listed as unknown, or within 25 %; silently wrong: off by more than "
           "max(25 %, 128 KiB) with nothing listed as unknown; raises: the program raises under "
           "that NumPy (not counted in the rates).", "",
           "| NumPy | cases | " + " | ".join(CLASSES) + " | exact rate (of those that run) |",
           "|---|---:|" + "---:|" * len(CLASSES) + "---:|"]
    for name in names:
        cnt = {c: sum(1 for r in rows if r[name]["class"] == c) for c in CLASSES}
        ran = len(rows) - cnt["raises"]
        out.append(f"| {name} ({versions[name]}) | {len(rows)} | "
                   + " | ".join(str(cnt[c]) for c in CLASSES)
                   + f" | {100 * cnt['exact'] / max(ran, 1):.1f} % |")
    out += ["", "## Cases not exact under some NumPy", "",
            "Each NumPy's measurement is compared with the estimate under its major version "
            "(`--numpy-version`); the estimate column is the first NumPy's.", "",
            "| case | estimate | " + " | ".join(f"{n} measured / estimate (class)" for n in names)
            + " | unknown |", "|---|---:|" + "---|" * len(names) + "---|"]
    for r in rows:
        if all(r[n]["class"] == "exact" for n in names):
            continue
        e = r["estimate"]
        cells = []
        for n in names:
            c = r[n]
            if c["class"] == "raises":
                cells.append(f"raises: {c['error'][:60]}")
            else:
                cells.append(f"{c['measured']} / {c.get('estimate')} ({c['class']})")
        est = e.get("peak_bytes", "error")
        unk = "; ".join(e.get("unknown", []))[:80] or ("lower bound" if e.get("lower_bound") else "")
        name = r["name"].replace("|", "/")
        out.append(f"| {name} | {est} | " + " | ".join(cells) + f" | {unk.replace('|', '/')} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
