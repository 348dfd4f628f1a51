"""Post-fetch criteria 5-8 of bench/heldout11/RULE.md for one candidate.
usage: measure.py STRATUM REPO GITDIR  -> extracts every .py blob of HEAD into
/work/heldout11-stage/<owner>+<name>/ and prints one TSV line:
repo commit date files lines checked verdict"""
import os, re, subprocess, sys, shutil

stratum, repo, gitdir = sys.argv[1], sys.argv[2], sys.argv[3]
dest = "/work/heldout11-stage/" + repo.replace("/", "+")

def git(*a, **kw):
    return subprocess.run(["git", "--git-dir", gitdir] + list(a), check=True, capture_output=True, **kw).stdout

commit = git("rev-parse", "HEAD").decode().strip()
date = git("log", "-1", "--format=%cs", "HEAD").decode().strip()
tree = git("ls-tree", "-r", "-z", "HEAD").split(b"\0")
blobs = []
for ent in tree:
    if not ent:
        continue
    meta, path = ent.split(b"\t", 1)
    mode, typ, sha = meta.split()
    if typ != b"blob" or mode == b"120000":
        continue
    if path.endswith(b".py"):
        blobs.append((sha.decode(), path.decode("utf-8", "surrogateescape")))
rootfiles = {e.split(b"\t", 1)[1].decode("utf-8", "replace") for e in git("ls-tree", "HEAD").split(b"\n") if b"\t" in e}
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

lines = checked = 0
imp = re.compile(r"^\s*(import|from)\s", re.M)
def imports(text, pat):
    return any(re.search(pat, l) for l in text.splitlines() if imp.match(l))
accel_imp = r"^\s*(import\s+(cupy|cupynumeric|cunumeric|legate|jax\.numpy|dask\.array)\b|from\s+(cupy|cupynumeric|cunumeric|legate|jax\.numpy|dask\.array)\b|from\s+jax\s+import\s+.*\bnumpy\b|from\s+dask\s+import\s+.*\barray\b)"
np_imp = r"^\s*(import\s+numpy\b|from\s+numpy\b|import\s+.*\bnumpy\b)"
dl_imp = r"^\s*(import|from)\s+(torch|tensorflow)\b"
n_accel = n_np = n_dl = n_main = 0
for path, text in files.items():
    n = sum(1 for l in text.splitlines() if l.strip())
    lines += n
    if not test_code(path):
        checked += n
    a = imports(text, accel_imp) or re.search(r"get_array_module|array_namespace|array_api_compat", text)
    n_accel += bool(a)
    n_np += imports(text, np_imp)
    n_dl += imports(text, dl_imp)
    n_main += bool(re.search(r"__name__\s*==\s*['\"]__main__['\"]|argparse|optparse|sys\.argv", text))

def verdict():
    if not (300 <= lines <= 100000):
        return "skipped, 6: %d non-blank lines" % lines
    base = n_np if stratum != "A" else max(n_np, n_accel)
    if n_dl >= base:
        return "skipped, 7: torch/tensorflow in %d files, not fewer than numpy%s in %d" % (n_dl, "/A modules" if stratum == "A" else "", base)
    if stratum == "A":
        if n_accel == 0:
            return "skipped, 8: no accelerator import nor array module as a value"
        return "taken"
    if n_accel:
        return "skipped, 8: accelerator import or array module as a value (%d files; belongs to A)" % n_accel
    if stratum == "B":
        if n_np == 0:
            return "skipped, 8: no numpy import"
        if n_main == 0:
            return "skipped, 8: no __main__/argparse/optparse/sys.argv"
        return "taken"
    if n_np < 10:
        return "skipped, 8: numpy imported in %d files (< 10)" % n_np
    if not ({"setup.py", "setup.cfg", "pyproject.toml"} & rootfiles):
        return "skipped, 8: no setup.py/setup.cfg/pyproject.toml at the root"
    return "taken"

v = verdict()
if v == "taken":
    owners = {}
    bl = "/work/heldout11-work/taken_blobs.tsv"
    if os.path.exists(bl):
        for l in open(bl):
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
print("\t".join([stratum, repo, commit, date, str(len(files)), str(lines), str(checked), v]))
