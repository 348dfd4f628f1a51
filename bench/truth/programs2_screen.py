"""Screen the second set's candidates by PROGRAMS2-RULE.md and find each program's two sizes.

Usage: python3 programs2_screen.py [--mirror DIR] [--work DIR] [--python PY] CANDIDATES.tsv

CANDIDATES.tsv is programs2-candidates.tsv (query, owner/name, the .py path the search named).
For each repository in that order: the named file first, then the other .py files of HEAD in
`git ls-tree -r HEAD` order, are screened by criteria a-d (imports numpy; only the standard
library, numpy, scipy, matplotlib; reads no input; states a size: the first int command-line
option with a default, or an int `sys.argv` positional with a fallback, else the first
module-level `NAME = INT` constant, that an array-making call reads, directly or through one
module-level assignment). A file that passes is run under tracemalloc (the Python given, NumPy 2)
at v, 2v, 4v, … (at most v·2^12) until the traced peak reaches 50 MB (criterion e, 120 s a run);
then at L // 2. At most 2 programs per repository. Prints one TSV row per screened file:

  repo commit path verdict size-kind size-name v L S peak(L) peak(S)

and nothing of arraylint: this runs before arraylint sees any program.
"""

import argparse
import ast
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from programs_sizes import with_constant  # noqa: E402

ALLOWED = {"numpy", "scipy", "matplotlib", "mpl_toolkits", "pylab"}
INPUT = re.compile(r"\bopen\(|\binput\(|np\.load\b|numpy\.load\b|loadtxt|genfromtxt|fromfile|imread|read_csv"
                   r"|urllib|requests|cupy|\.cuda\b")
# Array-making calls and where their sizes are: "all" (every argument: np.zeros((n, n)),
# rand(n, m), arange(0, n)), or the positional indices and keywords that hold a length or shape
# (normal(mu, sigma, size): index 2; linspace(a, b, num): index 2).
MAKERS = {
    "zeros": "all", "ones": "all", "empty": "all", "rand": "all", "randn": "all", "random": "all",
    "random_sample": "all", "standard_normal": "all", "arange": "all", "eye": "all", "identity": "all",
    "indices": "all",
    "full": ((0,), ("shape",)), "linspace": ((2,), ("num",)), "logspace": ((2,), ("num",)),
    "normal": ((2,), ("size",)), "uniform": ((2,), ("size",)), "binomial": ((2,), ("size",)),
    "randint": ((2,), ("size",)), "integers": ((2,), ("size",)), "choice": ((1,), ("size",)),
    "poisson": ((1,), ("size",)), "exponential": ((1,), ("size",)), "tile": ((1,), ("reps",)),
    "repeat": ((1,), ("repeats",)),
}
THRESHOLD = 50 * 2**20
TIMEOUT = 120
MAX_DOUBLINGS = 12

RUNNER = r"""
import json, os, runpy, sys, tracemalloc
path, argv = sys.argv[1], sys.argv[2:]
import numpy
try:
    import matplotlib; matplotlib.use("Agg"); import matplotlib.pyplot
except Exception:
    pass
sys.argv = [path] + argv
tracemalloc.start()
ok = True
try:
    runpy.run_path(path, run_name="__main__")
except SystemExit as e:
    ok = e.code in (None, 0)
_, peak = tracemalloc.get_traced_memory()
print("PEAK", json.dumps({"peak": peak, "ok": ok}))
"""


def stdlib(name):
    return name in sys.stdlib_module_names


def names_in(node):
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
    return out


def maker_names(tree):
    """Names (and attribute names) read by the arguments of array-making calls or mgrid indexes."""
    used = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            f = n.func
            fname = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            where = MAKERS.get(fname)
            if where == "all":
                for a in list(n.args) + [k.value for k in n.keywords if k.arg not in ("dtype", "fill_value")]:
                    used |= names_in(a)
            elif where:
                idx, kws = where
                for i in idx:
                    if i < len(n.args):
                        used |= names_in(n.args[i])
                for k in n.keywords:
                    if k.arg in kws:
                        used |= names_in(k.value)
        elif isinstance(n, ast.Subscript) and isinstance(n.value, ast.Attribute) and n.value.attr in ("mgrid", "ogrid"):
            used |= names_in(n.slice)
    # one level through an assignment anywhere: M = N * N; np.zeros(M)
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id in used for t in n.targets):
            used |= names_in(n.value)
    return used


def size_parameter(tree, src):
    """(kind, name, value) of the file's size, or None: cli-option, argv, or const."""
    used = maker_names(tree)
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("add_argument", "add_option"):
            kw = {k.arg: k.value for k in n.keywords}
            t = kw.get("type")
            is_int = (isinstance(t, ast.Name) and t.id == "int") or (isinstance(t, ast.Constant) and t.value == "int")
            d = kw.get("default")
            if not is_int or not isinstance(d, ast.Constant) or not isinstance(d.value, int):
                continue
            flags = [a.value for a in n.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            dest = kw["dest"].value if "dest" in kw and isinstance(kw["dest"], ast.Constant) else None
            if dest is None:
                longs = [f for f in flags if f.startswith("--")]
                dest = (longs[0] if longs else flags[0]).lstrip("-").replace("-", "_") if flags else None
            if dest and dest in used:
                flag = next((f for f in flags if f.startswith("-")), None)
                if flag is None:
                    return ("cli-positional", dest, d.value)
                return ("cli-option", flag, d.value)
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, int) \
                and not isinstance(node.value.value, bool) and node.value.value > 0:
            if node.targets[0].id in used:
                return ("const", node.targets[0].id, node.value.value)
    return None


def screen(src):
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return "does not parse (Python 3)", None
    mods = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            mods.add(".relative" if node.level else (node.module or "").split(".")[0])
    if "numpy" not in mods:
        return "a: no numpy", None
    other = sorted(m for m in mods if m not in ALLOWED and not stdlib(m))
    if other:
        return "b: imports " + ", ".join(other), None
    if INPUT.search(src):
        return "c: reads input", None
    sp = size_parameter(tree, src)
    if sp is None:
        return "d: no size parameter", None
    return None, sp


def run(py, path, argv, cwd):
    try:
        p = subprocess.run([py, "-c", RUNNER, path] + argv, capture_output=True, text=True, timeout=TIMEOUT,
                           cwd=cwd, env=dict(os.environ, MPLBACKEND="Agg"))
    except subprocess.TimeoutExpired:
        return None, "timeout"
    m = re.search(r"^PEAK (.*)$", p.stdout, re.M)
    if p.returncode != 0 or not m:
        tail = (p.stderr.strip().splitlines() or ["?"])[-1][:120]
        return None, "failed: " + tail
    d = json.loads(m.group(1))
    if not d["ok"]:
        return None, "exit status not 0"
    return d["peak"], None


def sized(kind, name, v, text, work, stem):
    """(path, argv) of the program at size v."""
    if kind == "const":
        p = os.path.join(work, f"{stem}__{name}={v}.py")
        with open(p, "w") as f:
            f.write(with_constant(text, name, v))
        return p, []
    p = os.path.join(work, f"{stem}.py")
    if not os.path.exists(p):
        with open(p, "w") as f:
            f.write(text)
    if kind == "cli-positional":
        return p, [str(v)]
    return p, [name, str(v)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default="/work/.mirror")
    ap.add_argument("--work", default="/work/truth-cases/programs2/screen")
    ap.add_argument("--python", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".venv-np2/bin/python"))
    ap.add_argument("--max-programs", type=int, default=20)
    ap.add_argument("--only", help="screen only this owner/name (the driver runs repositories in parallel and "
                    "applies the stopping rule in candidate order afterwards)")
    ap.add_argument("candidates")
    a = ap.parse_args()
    taken = 0
    for line in open(a.candidates):
        if line.startswith("#") or not line.strip():
            continue
        _, repo, named = line.rstrip("\n").split("\t")
        if a.only and repo != a.only:
            continue
        git_dir = os.path.join(a.mirror, repo.replace("/", "+"), "repo")
        if os.path.isdir(os.path.join(git_dir, ".git")):
            git_dir = os.path.join(git_dir, ".git")
        if not os.path.isdir(git_dir):
            print(f"{repo}\t-\t-\tnot fetched", flush=True)
            continue
        commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        files = [f for f in subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", "HEAD"],
                                           capture_output=True, text=True).stdout.split("\n") if f.endswith(".py")]
        if named in files:
            files.remove(named)
            files.insert(0, named)
        in_repo = 0
        for path in files:
            if in_repo == 2 or taken == a.max_programs:
                break
            text = subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"], capture_output=True,
                                  text=True, errors="replace").stdout
            why, sp = screen(text)
            if why:
                print(f"{repo}\t{commit}\t{path}\t{why}", flush=True)
                continue
            kind, name, v = sp
            work = os.path.join(a.work, repo.replace("/", "+"))
            os.makedirs(work, exist_ok=True)
            stem = re.sub(r"[^A-Za-z0-9_.-]", "_", path[:-3])
            cwd = tempfile.mkdtemp(prefix="run-", dir=work)
            size, peak, err = v, None, None
            for _ in range(MAX_DOUBLINGS + 1):
                p, argv = sized(kind, name, size, text, work, stem)
                peak, err = run(a.python, p, argv, cwd)
                if err or peak >= THRESHOLD:
                    break
                size *= 2
            if err or peak is None or peak < THRESHOLD:
                print(f"{repo}\t{commit}\t{path}\te: {err or 'below 50 MB at v*2^12'} ({kind} {name} at {size})", flush=True)
                continue
            small = size // 2
            p, argv = sized(kind, name, small, text, work, stem)
            speak, err = run(a.python, p, argv, cwd)
            if err:
                print(f"{repo}\t{commit}\t{path}\te: at S: {err}", flush=True)
                continue
            in_repo += 1
            taken += 1
            print(f"{repo}\t{commit}\t{path}\tPROGRAM\t{kind}\t{name}\t{v}\t{size}\t{small}\t{peak}\t{speak}", flush=True)
        if taken == a.max_programs:
            print(f"# stopped: {taken} programs", flush=True)
            break


if __name__ == "__main__":
    main()
