"""Pre-fetch criteria 1-4 of bench/heldout13/RULE.md (with its first amendment), applied to
lists.txt in round-robin order per stratum.
usage: prefilter.py WORKDIR BENCH -> WORKDIR/order.tsv: stratum, position, query, repo, verdict
(pass or 'skipped, N: reason'). WORKDIR holds lists.txt (stratum, query, then its names in the
tool's order) and issues.txt (the text of every issue); BENCH is bench/ at 76c34d8."""
import os, re, sys, glob

work, bench = sys.argv[1], sys.argv[2]
raw = {"heldout11/selection/queries.txt", "heldout12/selection/lists.txt", "heldout12/selection/order.tsv"}
texts = []
for path in glob.glob(bench + "/**/*", recursive=True):
    rel = os.path.relpath(path, bench)
    if os.path.isdir(path) or rel in raw or rel.startswith("heldout13/"):
        continue
    try:
        texts.append(open(path, encoding="utf-8", errors="replace").read().lower())
    except OSError:
        pass
texts.append(open(os.path.join(work, "issues.txt"), encoding="utf-8", errors="replace").read().lower())
alltext = "\n".join(texts)

# Folders <owner>+<name> at any depth under the earlier corpora and /work/gt.
folders = set()
for root in ("/work/heldout10", "/work/heldout11", "/work/heldout12", "/work/gt"):
    for dirpath, dirnames, _ in os.walk(root):
        for d in dirnames:
            if "+" in d:
                folders.add(d.lower())

# Names of the repositories the tenth, eleventh and twelfth corpora took.
taken_names = set()
for line in open(bench + "/heldout10/CORPUS.md"):
    m = re.match(r"\| \d+ \| ([^|]+?/[^|]+?) \| [^|]+ \| [0-9a-f]{40} \|", line)
    if m:
        taken_names.add(m.group(1).strip().lower().split("/", 1)[1])
for tsv in (bench + "/heldout11/corpus.tsv", bench + "/heldout12/corpus.tsv"):
    for line in open(tsv):
        f = line.split("\t")
        if len(f) >= 2 and "/" in f[1]:
            taken_names.add(f[1].lower().split("/", 1)[1])
for d in ("/work/heldout10", "/work/heldout11", "/work/heldout12"):
    for s in os.listdir(d):
        if os.path.isdir(os.path.join(d, s)):
            for r in os.listdir(os.path.join(d, s)):
                if "+" in r:
                    taken_names.add(r.lower().split("+", 1)[1])
wordfiles = [bench + "/precision.md", bench + "/precision-round2.md", bench + "/realprograms.md",
             bench + "/realprograms/manifest.tsv"]
wordtext = "\n".join(open(p, encoding="utf-8").read().lower() for p in wordfiles)

dist = set()
for e in os.listdir("/usr/lib/python3/dist-packages"):
    dist.add(e.lower())
    if e.endswith(".py"):
        dist.add(e[:-3].lower())
orgs = {"cupy", "nv-legate", "jax-ml", "google", "google-deepmind", "dask", "dask-contrib", "data-apis",
        "numpy", "scipy", "scikit-learn", "scikit-image"}
forks = {"cupy", "cupy-release-tools", "cunumeric", "cupynumeric", "legate", "legate.core", "legate.pandas",
         "legate-boost", "multimesh-jax", "jax", "dask", "distributed", "dask-ml", "dask-gateway", "dask-array"}
nn = ["torch", "tensorflow", "keras", "flax", "optax", "haiku", "equinox", "transformer", "diffusion", "llm",
      "gpt", "bert", "yolo", "nerf"]
jax_not = ("b", "on", "rs", "ws", "-rs", "-ws", "_rs", "_ws")

def verdict(repo, query, whole=False):
    low = repo.lower()
    owner, name = low.split("/", 1)
    if low in alltext:
        return "skipped, 1: owner/name named in bench/ or the issues"
    if low.replace("/", "+") in folders:
        return "skipped, 1: folder in an earlier corpus or /work/gt"
    if name in taken_names:
        return "skipped, 1: name of a repository an earlier corpus took"
    if re.search(r"(?<![a-z0-9_])" + re.escape(name) + r"(?![a-z0-9_])", wordtext):
        return "skipped, 1: name a whole word in the precision/realprograms files"
    if owner in orgs:
        return "skipped, 2: organisation of a modelled library"
    if name in forks or name.startswith(("cunumeric", "cupynumeric", "array-api")):
        return "skipped, 2: fork of a modelled library"
    if name.replace("-", "_") in dist:
        return "skipped, 2: packaged in dist-packages"
    for w in nn:
        if w in name:
            return "skipped, 3: name contains %r" % w
    core = query.strip("-_")
    ok = False
    # Third amendment: for the organisation queries (C3) the whole owner/name is read.
    target = low if whole else name
    for m in re.finditer(re.escape(core), target):
        if m.start() > 0 and target[m.start() - 1].isalpha():
            continue
        if core == "jax" and target[m.end():].startswith(jax_not):
            continue
        ok = True
    if not ok:
        return "skipped, 4: %s not at a word start in the name" % core
    return "pass"

lists = {"A": [], "B": [], "C": [], "C2": [], "C3": []}
for line in open(os.path.join(work, "lists.txt")):
    f = line.split()
    if f:
        lists[f[0]].append((f[1], f[2:]))
seen = set()
out = open(os.path.join(work, "order.tsv"), "w")
for stratum in ("A", "B", "C", "C2", "C3"):
    qs = lists[stratum]
    order = []
    for i in range(max(len(r) for _, r in qs)):
        for q, repos in qs:
            if i < len(repos):
                order.append((q, repos[i]))
    # A repository is considered once, in the first stratum whose lists hold it, at its first place.
    pos = 0
    for q, repo in order:
        if repo.lower() in seen:
            continue
        seen.add(repo.lower())
        pos += 1
        out.write("%s\t%d\t%s\t%s\t%s\n" % (stratum, pos, q, repo, verdict(repo, q, stratum == "C3")))
