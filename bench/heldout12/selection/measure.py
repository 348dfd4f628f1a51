"""Post-fetch criteria 6-9 of bench/heldout12/RULE.md for one fetched candidate.
usage: measure.py REPO GITDIR -> extracts every .py blob of HEAD into
/work/heldout12-stage/<owner>+<name>/ and prints one TSV line:
repo commit date files array_files lines checked verdict
The blob ids of taken repositories go to /work/heldout12-work/taken_blobs.tsv (criterion 9);
/work/heldout12-work/prior_blobs.txt holds those of the extracted tenth and eleventh corpora."""
import os, re, subprocess, sys, shutil

repo, gitdir = sys.argv[1], sys.argv[2]
dest = "/work/heldout12-stage/" + repo.replace("/", "+")

def git(*a):
    return subprocess.run(["git", "--git-dir", gitdir] + list(a), check=True, capture_output=True).stdout

commit = git("rev-parse", "HEAD").decode().strip()
date = git("log", "-1", "--format=%cs", "HEAD").decode().strip()
blobs = []
for ent in git("ls-tree", "-r", "-z", "HEAD").split(b"\0"):
    if not ent:
        continue
    meta, path = ent.split(b"\t", 1)
    mode, typ, sha = meta.split()
    if typ == b"blob" and mode != b"120000" and path.endswith(b".py"):
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

def bound_names(text):
    """Names an accelerator array module is bound to by the file's import lines (criterion 8a)."""
    names = set()
    for line in text.splitlines():
        if not IMPORT.match(line):
            continue
        s = line.split("#", 1)[0].strip().rstrip(";")
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

def array_file(text):
    """Criterion 8: binds an accelerator array module and calls through a bound name."""
    for name in bound_names(text):
        if re.search(r"(?<![A-Za-z0-9_.])" + re.escape(name) + r"\." + IDENT + r"\s*\(", text):
            return True
    return False

DL = re.compile(r"^\s*(import|from)\s+(torch|tensorflow|keras|flax|haiku|equinox|optax)\b", re.M)
lines = checked = n_array = n_dl = 0
for path, text in files.items():
    n = sum(1 for l in text.splitlines() if l.strip())
    lines += n
    tc = test_code(path)
    if not tc:
        checked += n
        n_array += array_file(text)
    n_dl += bool(DL.search(text))

def verdict():
    if not (300 <= lines <= 50000):
        return "skipped, 6: %d non-blank lines" % lines
    if n_dl and n_dl >= n_array:
        return "skipped, 7: deep-learning imports in %d files, not fewer than %d array files" % (n_dl, n_array)
    if n_array < 3:
        return "skipped, 8: %d array files (< 3)" % n_array
    return "taken"

v = verdict()
if v == "taken":
    owners = {}
    bl = "/work/heldout12-work/taken_blobs.tsv"
    if os.path.exists(bl):
        for l in open(bl):
            sha, r = l.rstrip("\n").split("\t")
            owners.setdefault(sha, r)
    for l in open("/work/heldout12-work/prior_blobs.txt"):
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
if v != "taken":
    shutil.rmtree(dest, ignore_errors=True)
print("\t".join([repo, commit, date, str(len(files)), str(n_array), str(lines), str(checked), v]))
