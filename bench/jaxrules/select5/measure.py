"""Post-fetch criteria 6-9 of bench/jaxrules/RULE5.md for one fetched candidate.

    python3 measure.py STRATUM REPO GITDIR

Extracts every .py blob of HEAD (symbolic links left out) into /work/jaxcorpus5/<stratum>/<owner>+<name>/
(removed again unless taken) and prints one TSV row: stratum, repo, commit, commit date, .py files,
files importing JAX, array files, non-blank lines, checked lines (non-blank, outside test code),
evidence (the first loop file:line calling a jitted name, or '-'), verdict ('taken' or 'skipped, N:
reason', or 'meets the criteria; stratum full: listed, not taken'). Taken repositories go to
/work/jaxcorpus5-work/taken.tsv and their blob ids to taken_blobs.tsv (criterion 9, with
prior_blobs.txt from priorblobs.py). It reads the code only as the criteria below say: by pattern."""
import os
import re
import shutil
import subprocess
import sys

stratum, repo, gitdir = sys.argv[1], sys.argv[2], sys.argv[3]
if stratum != "training":
    sys.exit("measure: stratum %r: not training" % stratum)
WORK = "/work/jaxcorpus5-work"
dest = "/work/jaxcorpus5/%s/%s" % (stratum, repo.replace("/", "+"))
FULL = 15


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
    if typ != b"blob" or mode == b"120000" or not path.endswith(b".py"):
        continue
    blobs.append((sha.decode(), path.decode("utf-8", "surrogateescape")))
shutil.rmtree(dest, ignore_errors=True)
os.makedirs(dest, exist_ok=True)
p = subprocess.Popen(["git", "--git-dir", gitdir, "cat-file", "--batch"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE)
files = {}
for sha, path in blobs:
    p.stdin.write((sha + "\n").encode())
    p.stdin.flush()
    header = p.stdout.readline().split()
    if len(header) < 3 or header[1] != b"blob":
        continue
    size = int(header[2])
    data = p.stdout.read(size)
    p.stdout.read(1)
    out = os.path.join(dest, path)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "wb") as f:
        f.write(data)
    files[path] = data.decode("utf-8", "replace")
p.stdin.close()
p.wait()


def test_code(rel):
    """rules/internal/sizepolicy.TestCode, on the path below the repository folder."""
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
        if d.endswith(("_tests", "_test")) or d.startswith(("tests_", "test_")):
            return True
    return False


JAX_IMPORT = re.compile(r"^\s*(import\s+jax\b|from\s+jax\b[\w.]*\s+import\b)", re.M)
TRAIN_LIB = re.compile(r"^\s*(import|from)\s+(optax|flax|equinox|haiku|chex)\b", re.M)
GRAD_CALL = re.compile(r"(?<![\w])(value_and_grad|grad)\s*\(")
FRAMEWORK = re.compile(r"^\s*(import|from)\s+(torch|tensorflow|keras)\b", re.M)
JITNAME = r"(?:(?:jax|eqx|equinox|nnx|nn|pjit)\.)?(?:jit|pjit|filter_jit|pmap)"
JIT_DECORATOR = re.compile(r"^\s*@\s*(?:" + JITNAME + r"\b|(?:functools\.)?partial\(\s*" + JITNAME + r"\b)")
DEF = re.compile(r"^\s*(?:async\s+)?def\s+(\w+)")
LARGE = re.compile(r"^\s*(?:class|def)\s+\w*(?:transformer|attention|gpt|llama|bert|diffusion|unet|vit|mamba|gemma|mistral|mixtral)\w*", re.M | re.I)
JIT_ASSIGN = re.compile(r"^\s*(?:self\.)?(\w+)\s*=\s*(?<![\w.])" + JITNAME + r"\s*\(")
LOOP = re.compile(r"^(\s*)(for|while)\b")
IMPORT_AS = [re.compile(r"^\s*import\s+jax\.numpy\s+as\s+(\w+)", re.M),
             re.compile(r"^\s*from\s+jax\s+import\s+numpy\s+as\s+(\w+)", re.M),
             re.compile(r"^\s*import\s+cupy\s+as\s+(\w+)", re.M)]
IMPORT_CUPY = re.compile(r"^\s*import\s+cupy\s*(?:$|#|,)", re.M)


def indent(line):
    return len(line) - len(line.lstrip(" \t"))


def jitted_names(lines):
    """Names the file jits: a def under a jit decorator (other decorators and a decorator's
    continuation lines between them passed over), or NAME/self.NAME assigned a jit call."""
    names = set()
    pending = False
    depth = 0
    for line in lines:
        code = line.split("#", 1)[0]
        if depth > 0:
            depth += code.count("(") - code.count(")")
            continue
        s = code.strip()
        if JIT_DECORATOR.match(code):
            pending = True
            depth = max(code.count("(") - code.count(")"), 0)
            continue
        if pending:
            m = DEF.match(code)
            if m:
                names.add(m.group(1))
                pending = False
            elif s.startswith("@"):
                depth = max(code.count("(") - code.count(")"), 0)
                continue
            elif s:
                pending = False
        m = JIT_ASSIGN.match(code)
        if m:
            names.add(m.group(1))
    return names


def loop_call(text):
    """The first line (1-based) in the body of a for/while loop calling a name the file jits."""
    lines = text.splitlines()
    names = jitted_names(lines)
    if not names:
        return None
    call = re.compile(r"(?<![\w])(" + "|".join(re.escape(n) for n in sorted(names)) + r")\s*\(")
    for i, line in enumerate(lines):
        m = LOOP.match(line)
        if not m or line.lstrip().startswith("#"):
            continue
        base = indent(line)
        for j in range(i + 1, len(lines)):
            body = lines[j]
            s = body.strip()
            if not s or s.startswith("#"):
                continue
            if indent(body) <= base:
                break
            if DEF.match(body):
                continue
            if call.search(body.split("#", 1)[0]):
                return j + 1
    return None


def array_file(text):
    names = set()
    for r in IMPORT_AS:
        names.update(r.findall(text))
    if IMPORT_CUPY.search(text):
        names.add("cupy")
    for n in names:
        if re.search(r"(?<![\w.])" + re.escape(n) + r"\.\w+[\w.]*\s*\(", text):
            return True
    return False


lines = checked = n_jax = n_array = n_framework = 0
large = None
train_lib = False
evidence = None
for path in sorted(files):
    text = files[path]
    n = sum(1 for l in text.splitlines() if l.strip())
    lines += n
    if test_code(path):
        continue
    checked += n
    n_jax += bool(JAX_IMPORT.search(text))
    n_array += array_file(text)
    n_framework += bool(FRAMEWORK.search(text))
    if TRAIN_LIB.search(text) or GRAD_CALL.search(text):
        train_lib = True
    if large is None:
        m = LARGE.search(text)
        if m:
            large = "%s:%s" % (path, m.group(0).strip())
    if evidence is None:
        at = loop_call(text)
        if at is not None:
            evidence = "%s:%d" % (path, at)


def verdict():
    if lines > 60000:
        return "skipped, 6: %d non-blank lines (> 60,000)" % lines
    if not (300 <= checked <= 40000):
        return "skipped, 6: %d checked lines" % checked
    against = n_jax if stratum == "training" else n_array
    if n_framework and n_framework >= against:
        return "skipped, 7: torch/tensorflow/keras imported in %d files, not fewer than %d %s" % (
            n_framework, against, "JAX files" if stratum == "training" else "array files")
    if stratum == "training":
        if n_jax < 3:
            return "skipped, 8: %d files import JAX (< 3)" % n_jax
        if not train_lib:
            return "skipped, 8: no optax/flax/equinox/haiku/chex import and no grad call"
        if evidence is None:
            return "skipped, 8: no loop calling a jitted function"
        if large is None:
            return "skipped, 8: no large-model class or function (transformer, attention, gpt, ...)"
    else:
        if n_array < 3:
            return "skipped, 8: %d array files (< 3)" % n_array
        if train_lib and evidence is not None:
            return "skipped, 8: trains in a jitted loop (%s): training code" % evidence
    return "taken"


v = verdict()
TAKEN = os.path.join(WORK, "taken.tsv")
if v == "taken":
    have = [l.rstrip("\n").split("\t") for l in open(TAKEN)] if os.path.exists(TAKEN) else []
    if sum(1 for r in have if r[0] == stratum) >= FULL:
        v = "meets the criteria; stratum full: listed, not taken"
if v == "taken":
    owners = {}
    bl = os.path.join(WORK, "taken_blobs.tsv")
    if os.path.exists(bl):
        for l in open(bl):
            sha, r = l.rstrip("\n").split("\t")
            owners.setdefault(sha, r)
    for l in open(os.path.join(WORK, "prior_blobs.txt")):
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
            f.write("%s\t%s\t%s\t%d\n" % (stratum, repo, commit, checked))
if v != "taken":
    shutil.rmtree(dest, ignore_errors=True)
print("\t".join([stratum, repo, commit, date, str(len(files)), str(n_jax), str(n_array), str(lines),
                 str(checked), evidence or "-", (large or "-")[:80], v]))
