"""Pre-fetch criteria 1-4 of bench/heldout12/RULE.md, applied to lists.txt in round-robin order.
usage: prefilter.py WORKDIR BENCH -> WORKDIR/order.tsv: position, query, repo, verdict
(pass or 'skipped, N: reason'). WORKDIR holds lists.txt (query, then its names in the tool's
order) and issues.txt (the text of every issue); BENCH is bench/ at cfc0649."""
import os, re, sys, glob

work, bench = sys.argv[1], sys.argv[2]
texts = []
for path in glob.glob(bench + "/**/*", recursive=True):
    rel = os.path.relpath(path, bench)
    if os.path.isdir(path) or rel == "heldout11/selection/queries.txt" or rel.startswith("heldout12/"):
        continue
    try:
        texts.append(open(path, encoding="utf-8", errors="replace").read().lower())
    except OSError:
        pass
texts.append(open(os.path.join(work, "issues.txt"), encoding="utf-8", errors="replace").read().lower())
alltext = "\n".join(texts)

# Names of the repositories the tenth and eleventh corpora took (their corpus tables / corpus.tsv).
taken_names = set()
for line in open(bench + "/heldout10/CORPUS.md"):
    m = re.match(r"\| \d+ \| ([^|]+?/[^|]+?) \| [^|]+ \| [0-9a-f]{40} \|", line)
    if m:
        taken_names.add(m.group(1).strip().lower().split("/", 1)[1])
for line in open(bench + "/heldout11/corpus.tsv"):
    f = line.split("\t")
    if len(f) >= 2 and "/" in f[1]:
        taken_names.add(f[1].lower().split("/", 1)[1])
wordfiles = [bench + "/precision.md", bench + "/precision-round2.md", bench + "/realprograms.md",
             bench + "/realprograms/manifest.tsv"]
wordtext = "\n".join(open(p, encoding="utf-8").read().lower() for p in wordfiles)

dist = set()
for e in os.listdir("/usr/lib/python3/dist-packages"):
    dist.add(e.lower())
    if e.endswith(".py"):
        dist.add(e[:-3].lower())
orgs = {"cupy", "nv-legate", "jax-ml", "google", "dask", "dask-contrib", "data-apis", "numpy", "scipy"}
forks = {"cupy", "cupy-release-tools", "cunumeric", "cupynumeric", "legate", "legate.core", "legate.pandas",
         "legate-boost", "multimesh-jax", "jax", "dask", "distributed", "dask-ml", "dask-gateway", "dask-array"}
nn = ["torch", "tensorflow", "keras", "flax", "optax", "haiku", "equinox", "transformer", "diffusion", "llm",
      "gpt", "bert", "yolo", "nerf"]
jax_not = ("b", "on", "rs", "ws", "-rs", "-ws", "_rs", "_ws")

def verdict(repo, query):
    low = repo.lower()
    owner, name = low.split("/", 1)
    if low in alltext:
        return "skipped, 1: owner/name named in bench/ or the issues"
    if name in taken_names:
        return "skipped, 1: name of a repository the tenth or eleventh corpus took"
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
    core = query.replace("-", "").replace("_", "")
    ok = False
    for m in re.finditer(re.escape(core), name):
        if m.start() > 0 and name[m.start() - 1].isalpha():
            continue
        if core == "jax" and name[m.end():].startswith(jax_not):
            continue
        ok = True
    if not ok:
        return "skipped, 4: %s not at a word start in the name" % core
    return "pass"

qs = []
for line in open(os.path.join(work, "lists.txt")):
    f = line.split()
    if f:
        qs.append((f[0], f[1:]))
seen = set()
out = open(os.path.join(work, "order.tsv"), "w")
pos = 0
for i in range(max(len(r) for _, r in qs)):
    for q, repos in qs:
        if i >= len(repos):
            continue
        repo = repos[i]
        if repo.lower() in seen:
            continue
        seen.add(repo.lower())
        pos += 1
        out.write("%d\t%s\t%s\t%s\n" % (pos, q, repo, verdict(repo, q)))
