"""Post-fetch criteria 6-9 of bench/heldout17/RULE.md for one fetched candidate.
usage: measure.py STRATUM REPO GITDIR -> extracts every .py blob of HEAD into
/work/heldout17/<stratum folder>/<owner>+<name>/ (removed again unless taken) and prints one TSV line:
stratum repo commit date files content_files lines checked notebooks verdict
(content_files: A array program files, B array program files, C files outside tests importing numpy).
The blob ids of taken repositories go to /work/heldout17-work/taken_blobs.tsv (criterion 9);
/work/heldout17-work/prior_blobs.txt holds those of the earlier corpora and /work/gt. The fetch caps
are checked by rec.sh before a candidate is measured (fetch.tsv)."""
import os, re, subprocess, sys, shutil

stratum, repo, gitdir = sys.argv[1], sys.argv[2], sys.argv[3]
folder = {"A": "A-scale", "B": "B-programs", "C": "C-libraries"}[stratum]
dest = "/work/heldout17/%s/%s" % (folder, repo.replace("/", "+"))

def git(*a):
    return subprocess.run(["git", "--git-dir", gitdir] + list(a), check=True, capture_output=True).stdout

commit = git("rev-parse", "HEAD").decode().strip()
date = git("log", "-1", "--format=%cs", "HEAD").decode().strip()
blobs = []
notebooks = 0
root_build = False
for ent in git("ls-tree", "-r", "-z", "HEAD").split(b"\0"):
    if not ent:
        continue
    meta, path = ent.split(b"\t", 1)
    mode, typ, sha = meta.split()
    if typ != b"blob" or mode == b"120000":
        continue
    if path.endswith(b".ipynb"):
        notebooks += 1
    if path in (b"setup.py", b"setup.cfg", b"pyproject.toml"):
        root_build = True
    if path.endswith(b".py"):
        blobs.append((sha.decode(), path.decode("utf-8", "surrogateescape")))
shutil.rmtree(dest, ignore_errors=True)
os.makedirs(dest, exist_ok=True)
p = subprocess.Popen(["git", "--git-dir", gitdir, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
files = {}
for sha, path in blobs:
    p.stdin.write((sha + "\n").encode()); p.stdin.flush()
    header = p.stdout.readline().split()
    if len(header) < 3 or header[1] != b"blob":
        continue
    size = int(header[2])
    data = p.stdout.read(size); p.stdout.read(1)
    out = os.path.join(dest, path)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "wb") as f:
        f.write(data)
    files[path] = data.decode("utf-8", "replace")
p.stdin.close(); p.wait()

def test_code(rel):
    # rules/internal/sizepolicy.TestCode, on the path below the repository folder.
    base = os.path.basename(rel)
    if base.startswith("test_") or base.endswith("_test.py"):
        return True
    if len(base) > 4 and base.startswith("Test") and (base[4] == "_" or base[4].isupper()):
        return True
    if base in ("conftest.py", "testing.py", "_testing.py"):
        return True
    for d in os.path.dirname(rel).split("/"):
        if d in ("test", "tests", "testing", "benchmarks", "asv_bench"):
            return True
        if d.endswith("_tests") or d.endswith("_test") or d.startswith("tests_") or d.startswith("test_"):
            return True
    return False

IMPORT = re.compile(r"^\s*(import|from)\s")
MODULES = ("cupy", "cupynumeric", "cunumeric", "legate.numpy", "jax.numpy", "dask.array")
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"

def import_lines(text):
    for line in text.splitlines():
        if IMPORT.match(line):
            yield line.split("#", 1)[0].strip().rstrip(";")

def bound_names(text):
    """Names an accelerator array module is bound to by the file's import lines (criterion 8 (a))."""
    names = set()
    for s in import_lines(text):
        m = re.match(r"import\s+(.*)$", s)
        if m:
            for item in m.group(1).split(","):
                im = re.match(r"\s*([A-Za-z_][\w.]*)(?:\s+as\s+(" + IDENT + r"))?\s*$", item)
                if im and im.group(1) in MODULES:
                    names.add(im.group(2) or im.group(1))
            continue
        m = re.match(r"from\s+(jax|dask)\s+import\s+\(?(.*?)\)?\s*$", s)
        if m:
            want = "numpy" if m.group(1) == "jax" else "array"
            for item in m.group(2).split(","):
                im = re.match(r"\s*(" + IDENT + r")(?:\s+as\s+(" + IDENT + r"))?\s*$", item)
                if im and im.group(1) == want:
                    names.add(im.group(2) or im.group(1))
    return names

def imports_numpy(text):
    for s in import_lines(text):
        m = re.match(r"import\s+(.*)$", s)
        if m:
            for item in m.group(1).split(","):
                im = re.match(r"\s*([A-Za-z_][\w.]*)", item)
                if im and (im.group(1) == "numpy" or im.group(1).startswith("numpy.")):
                    return True
            continue
        if re.match(r"from\s+numpy(\.|\s)", s):
            return True
    return False

VALUE = re.compile(r"(?<![A-Za-z0-9_.])(" + IDENT + r")\s*=\s*[\w.]*\b(get_array_module|array_namespace)\s*\(")
DEF = re.compile(r"\bdef\s+" + IDENT + r"\s*\(([^)]*)\)", re.S)

def module_values(text):
    """Names the file takes the array module as a value under (criterion 8, array file)."""
    names = {m.group(1) for m in VALUE.finditer(text)}
    for m in DEF.finditer(text):
        for param in m.group(1).split(","):
            name = re.split(r"[:=]", param, 1)[0].strip().lstrip("*").strip()
            if name in ("xp", "np", "xnp"):
                names.add(name)
    return names

def calls_through(text, names):
    for name in names:
        if re.search(r"(?<![A-Za-z0-9_.])" + re.escape(name) + r"\." + IDENT + r"\s*\(", text):
            return True
    return False

def accelerator_file(text):
    return bool(bound_names(text)) or any(w in text for w in ("get_array_module", "array_namespace", "array_api_compat"))

def array_file(text):
    return calls_through(text, bound_names(text)) or calls_through(text, module_values(text))

PROGRAM = re.compile(r"argparse|optparse|sys\.argv")
MAIN = re.compile(r"""__name__\s*==\s*(['"])__main__\1""")
LOOP = re.compile(r"^\s*(for|while)\s", re.M)
MIN_NUMPY_CALLS = 10  # criterion 8 (B), fixed in RULE.md before any fetch


def numpy_names(text):
    """Names the file's import lines bind numpy to: `import numpy` binds numpy, `import numpy as X` binds X."""
    names = set()
    for s in import_lines(text):
        m = re.match(r"import\s+(.*)$", s)
        if not m:
            continue
        for item in m.group(1).split(","):
            im = re.match(r"\s*([A-Za-z_][\w.]*)(?:\s+as\s+(" + IDENT + r"))?\s*$", item)
            if im and im.group(1) == "numpy":
                names.add(im.group(2) or "numpy")
    return names


def numpy_calls(text):
    """Occurrences of X.attr( (a dotted chain after X.), X a name numpy is bound to, not preceded by [A-Za-z0-9_.]."""
    n = 0
    for name in numpy_names(text):
        n += len(re.findall(r"(?<![A-Za-z0-9_.])" + re.escape(name) + r"(?:\." + IDENT + r")+\s*\(", text))
    return n


def array_program_b(text):
    """Criterion 8 (B): imports numpy, has a command line, holds a loop, makes at least 10 numpy calls."""
    return imports_numpy(text) and bool(PROGRAM.search(text)) and bool(LOOP.search(text)) and numpy_calls(text) >= MIN_NUMPY_CALLS
DL = re.compile(r"^\s*(import|from)\s+(torch|tensorflow|keras|flax|haiku|equinox|optax)\b", re.M)
lines = checked = n_array = n_array_prog = n_dl = n_numpy = n_numpy_nontest = n_program = n_accel = 0
for path, text in files.items():
    n = sum(1 for l in text.splitlines() if l.strip())
    lines += n
    tc = test_code(path)
    np_ = imports_numpy(text)
    n_numpy += np_
    n_accel += accelerator_file(text)
    if not tc:
        checked += n
        af = array_file(text)
        n_array += af
        n_array_prog += bool(af and (MAIN.search(text) or PROGRAM.search(text)))
        n_numpy_nontest += np_
        n_program += array_program_b(text)
    n_dl += bool(DL.search(text))

limits = {"A": (1000, 50000), "B": (300, 30000), "C": (1000, 60000)}
content = {"A": n_array_prog, "B": n_program, "C": n_numpy_nontest}[stratum]

def verdict():
    lo, hi = limits[stratum]
    if not (lo <= lines <= hi):
        return "skipped, 6: %d non-blank lines" % lines
    if n_dl:
        against = n_array if stratum == "A" else n_numpy
        what = "array files" if stratum == "A" else "files importing numpy"
        if n_dl >= against:
            return "skipped, 7: deep-learning imports in %d files, not fewer than %d %s" % (n_dl, against, what)
    if stratum == "A":
        if n_array < 3:
            return "skipped, 8: %d array files (< 3)" % n_array
        if n_array_prog < 1:
            return "skipped, 8: no array program file (%d array files)" % n_array
        if notebooks >= n_array:
            return "skipped, 8: %d notebooks, not fewer than %d array files" % (notebooks, n_array)
    else:
        if n_accel:
            return "skipped, 8: %d accelerator files (belongs to A)" % n_accel
        if stratum == "B" and n_program < 1:
            return "skipped, 8: no array program file (numpy, command line, loop, >= 10 numpy calls)"
        if stratum == "B" and notebooks > n_numpy_nontest:
            return "skipped, 8: %d notebooks, more than %d files importing numpy outside tests" % (notebooks, n_numpy_nontest)
        if stratum == "C":
            if n_numpy_nontest < 10:
                return "skipped, 8: %d files import numpy outside tests (< 10)" % n_numpy_nontest
            if not root_build:
                return "skipped, 8: no setup.py, setup.cfg or pyproject.toml at the root"
    return "taken"

v = verdict()
TAKEN = "/work/heldout17-work/taken.tsv"
if v == "taken":
    have = [l.rstrip("\n").split("\t") for l in open(TAKEN)] if os.path.exists(TAKEN) else []
    mine_s = [int(c) for s_, _, c in have if s_ == stratum]
    n, tot = len(mine_s), sum(mine_s)
    full = {"A": n >= 10, "B": n >= 16 or (n >= 12 and tot >= 30000), "C": n >= 8}[stratum]
    if full:
        v = "meets the criteria; stratum full: listed, not taken"
if v == "taken":
    owners = {}
    bl = "/work/heldout17-work/taken_blobs.tsv"
    if os.path.exists(bl):
        for l in open(bl):
            sha, r = l.rstrip("\n").split("\t")
            owners.setdefault(sha, r)
    for l in open("/work/heldout17-work/prior_blobs.txt"):
        sha, r = l.rstrip("\n").split("\t")
        owners.setdefault(sha, r)
    mine = [sha for sha, _ in blobs]
    hits = {}
    for sha in mine:
        if sha in owners:
            hits[owners[sha]] = hits.get(owners[sha], 0) + 1
    same = sum(1 for sha in mine if sha in owners)
    if mine and same * 2 >= len(mine):
        v = "skipped, 9: copy (%d of %d files are those of %s)" % (same, len(mine), max(hits, key=hits.get))
    else:
        with open(bl, "a") as f:
            for sha in mine:
                f.write("%s\t%s\n" % (sha, repo))
        with open(TAKEN, "a") as f:
            f.write("%s\t%s\t%d\n" % (stratum, repo, checked))
if v != "taken":
    shutil.rmtree(dest, ignore_errors=True)
print("\t".join([stratum, repo, commit, date, str(len(files)), str(content), str(lines), str(checked), str(notebooks), v]))
