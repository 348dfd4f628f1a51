#!/usr/bin/env python3
"""bench/notebooks.py: check the notebooks of public repositories (the corpus rule in
bench/notebooks.md) and judge two things for each:

1. arraylint finishes without an internal error: exit status 0 or 1, no AL900, no panic, within
   the time limit;
2. every AL901 (syntax error) it reports is also rejected by CPython: for a notebook-level AL901
   (not JSON, not nbformat 4, a malformed cell) Python's json module and the nbformat 4 structure
   check; for a Python syntax error, compile() of the very program arraylint built (code cells
   joined in order, IPython syntax masked, as `arraylint debug notebook` prints it).

It also counts the other direction (CPython rejects a program arraylint raised no AL901 on), for
information. The repositories are the snapshots `fetch` brought to /work/.mirror.

    go build -o /tmp/arraylint ./cmd/arraylint
    python3 bench/notebooks.py --arraylint /tmp/arraylint [--python python3.12] [--keep DIR]
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time

# The corpus rule of bench/notebooks.md, in its order; fastai/fastbook could not be fetched.
REPOS = [
    "jakevdp/PythonDataScienceHandbook",
    "ageron/handson-ml2",
    "fastai/fastbook",
    "rasbt/python-machine-learning-book-3rd-edition",
    "jrjohansson/scientific-python-lectures",
    "donnemartin/data-science-ipython-notebooks",
]
MIRROR = "/work/.mirror"
TIMEOUT = 120


def extract(repo, dest):
    """Writes every *.ipynb of repo's snapshot under dest; returns their paths and how many the
    snapshot lists without holding (None when the repository was not fetched)."""
    git = os.path.join(MIRROR, repo.replace("/", "+"), "repo")
    if not os.path.isdir(git):
        return None, 0
    names = subprocess.run(["git", "-C", git, "ls-tree", "-r", "-z", "--name-only", "HEAD"],
                           check=True, capture_output=True).stdout.split(b"\0")
    out, absent = [], 0
    for n in sorted(x.decode() for x in names if x.endswith(b".ipynb")):
        r = subprocess.run(["git", "-C", git, "cat-file", "-p", "HEAD:" + n], capture_output=True)
        if r.returncode != 0:
            absent += 1  # a large file the snapshot lists but does not hold
            continue
        data = r.stdout
        p = os.path.join(dest, repo.replace("/", "+"), n)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)
        out.append(p)
    return out, absent


def notebook_rejected(path):
    """Whether Python's json and the nbformat 4 structure reject the file, and why."""
    try:
        with open(path, encoding="utf-8") as f:
            nb = json.load(f)
    except (ValueError, UnicodeDecodeError) as e:
        return True, "json: %s" % e
    if not isinstance(nb, dict):
        return True, "not an object"
    if nb.get("nbformat") != 4:
        return True, "nbformat %r" % nb.get("nbformat")
    cells = nb.get("cells")
    if not isinstance(cells, list):
        return True, "cells not a list"
    for c in cells:
        if not isinstance(c, dict) or "cell_type" not in c or "source" not in c:
            return True, "malformed cell"
        s = c["source"]
        if not (isinstance(s, str) or isinstance(s, list) and all(isinstance(x, str) for x in s)):
            return True, "malformed source"
    return False, ""


def compile_rejects(python, program):
    """Whether CPython (python) refuses to compile program, with its message."""
    r = subprocess.run([python, "-c", "import sys\ntry:\n compile(sys.stdin.read(), 'nb', 'exec')\n"
                        "except (SyntaxError, ValueError) as e:\n print(type(e).__name__, e); sys.exit(3)"],
                       input=program, capture_output=True, text=True)
    return r.returncode == 3, r.stdout.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arraylint", required=True)
    ap.add_argument("--python", default="python3")
    ap.add_argument("--keep", help="extract the notebooks here (default: a temporary directory)")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="nbcorpus-")
    files, missing = [], []
    for repo in REPOS:
        got, absent = extract(repo, work)
        if got is None:
            missing.append(repo)
        else:
            files += got
            print("%-50s %4d notebooks (%d more listed but absent from the snapshot)" % (repo, len(got), absent))
    print("not fetched:", ", ".join(missing) or "none")
    print("python for compile():", subprocess.run([args.python, "--version"], capture_output=True, text=True).stdout.strip())

    stats = collections.Counter()
    codes = collections.Counter()
    problems = []
    durations = []
    for p in files:
        stats["notebooks"] += 1
        t0 = time.monotonic()
        try:
            r = subprocess.run([args.arraylint, "check", "--select", "ALL", "--output-format", "json-lines", p],
                               capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            problems.append((p, "timed out after %d s" % TIMEOUT))
            stats["internal error"] += 1
            continue
        durations.append(time.monotonic() - t0)
        findings = [json.loads(l) for l in r.stdout.splitlines() if l.strip()]
        for f in findings:
            codes[f["code"]] += 1
        if r.returncode not in (0, 1) or any(f["code"] == "AL900" for f in findings) or "panic" in r.stderr:
            problems.append((p, "exit %d: %s %s" % (r.returncode, r.stderr.strip()[:300],
                                                    [f["message"] for f in findings if f["code"] == "AL900"])))
            stats["internal error"] += 1
        if findings and any(f["code"] != "AL901" for f in findings):
            stats["with findings"] += 1
        syntax = [f for f in findings if f["code"] == "AL901"]
        dbg = json.loads(subprocess.run([args.arraylint, "debug", "notebook", p], capture_output=True, text=True).stdout)
        if syntax:
            stats["with AL901"] += 1
            if syntax[0]["message"].startswith("notebook "):
                stats["AL901 notebook-level"] += 1
                rejected, why = notebook_rejected(p)
                if rejected:
                    stats["AL901 notebook-level, also rejected by json/nbformat"] += 1
                else:
                    problems.append((p, "AL901 %r but json/nbformat accept it" % syntax[0]["message"]))
            else:
                stats["AL901 python"] += 1
                rejected, why = compile_rejects(args.python, dbg["program"])
                if rejected:
                    stats["AL901 python, also rejected by CPython"] += 1
                else:
                    problems.append((p, "AL901 at cell %s %s:%s %r but CPython compiles the program" % (
                        syntax[0].get("cell"), syntax[0]["location"]["row"], syntax[0]["location"]["column"], syntax[0]["message"])))
        elif not dbg.get("error"):
            rejected, why = compile_rejects(args.python, dbg["program"])
            if rejected:
                stats["no AL901 but CPython rejects (information)"] += 1
                print("  CPython alone rejects %s: %s" % (os.path.relpath(p, work), why))
    print()
    for k in ["notebooks", "internal error", "with findings", "with AL901", "AL901 notebook-level",
              "AL901 notebook-level, also rejected by json/nbformat", "AL901 python",
              "AL901 python, also rejected by CPython", "no AL901 but CPython rejects (information)"]:
        print("%-55s %5d" % (k, stats[k]))
    print("findings by code:", dict(sorted(codes.items())))
    if durations:
        durations.sort()
        print("check time per notebook: median %.3f s, max %.3f s" % (durations[len(durations) // 2], durations[-1]))
    for p, why in problems:
        print("PROBLEM %s: %s" % (os.path.relpath(p, work), why))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
