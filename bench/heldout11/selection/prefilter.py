"""Pre-fetch criteria 1-4 of bench/heldout11/RULE.md, applied to lists.txt in round-robin order.
Writes order.tsv: stratum, position, query, repo, verdict (pass or 'skipped, N: reason')."""
import os, re, sys, glob

bench = "/work/wt/heldout11/bench"
texts = []
for path in glob.glob(bench + "/**/*", recursive=True):
    if os.path.isdir(path) or "/heldout11/" in path or path.endswith("heldout10/CORPUS.md"):
        continue
    try:
        texts.append(open(path, encoding="utf-8", errors="replace").read().lower())
    except OSError:
        pass
texts.append(open("/work/heldout11-work/issues.txt", encoding="utf-8", errors="replace").read().lower())
alltext = "\n".join(texts)

# The tenth corpus's taken repositories (its corpus tables).
taken10 = set()
for line in open(bench + "/heldout10/CORPUS.md"):
    m = re.match(r"\| \d+ \| ([^|]+?/[^|]+?) \| [^|]+ \| [0-9a-f]{40} \|", line)
    if m:
        taken10.add(m.group(1).strip().lower())
assert len(taken10) == 52, len(taken10)
wordfiles = [bench + "/precision.md", bench + "/precision-round2.md", bench + "/realprograms.md",
             bench + "/realprograms/manifest.tsv"]
wordtext = "\n".join(open(p, encoding="utf-8").read().lower() for p in wordfiles)
wordtext += "\n" + "\n".join(taken10)

dist = set()
for e in os.listdir("/usr/lib/python3/dist-packages"):
    dist.add(e.lower())
    if e.endswith(".py"):
        dist.add(e[:-3].lower())
orgs = {"cupy", "jax-ml", "google", "dask", "nv-legate", "numpy", "scipy", "scikit-learn", "scikit-image", "data-apis"}
forks = {"cupy", "cupy-release-tools", "cunumeric", "cupynumeric", "legate", "legate.core", "legate.pandas",
         "multimesh-jax", "jax", "dask", "distributed", "dask-ml", "dask-gateway", "array-api", "array-api-tests",
         "array-api-compat", "array-api-extra", "array-api-strict", "array-api-typing", "array-api-comparison",
         "array-api-tests-compliance-data", "array-api-compat-data", "array-api-tests-reporting-action", "neuroglancer"}
nn = ["torch", "tensorflow", "keras", "flax", "optax", "haiku", "equinox", "transformer", "diffusion", "llm", "gpt", "bert", "yolo", "nerf"]

def verdict(repo, query):
    low = repo.lower()
    owner, name = low.split("/", 1)
    if low in alltext or low in taken10:
        return "skipped, 1: owner/name named in bench/ or issues" if low not in taken10 else "skipped, 1: in the tenth corpus"
    if re.search(r"(?<![a-z0-9_])" + re.escape(name) + r"(?![a-z0-9_])", wordtext):
        return "skipped, 1: repository name a whole word in the precision/realprograms files or the tenth corpus"
    if owner in orgs:
        return "skipped, 2: organisation of a modelled library"
    if name in forks or name.startswith("cunumeric") or name.startswith("cupynumeric"):
        return "skipped, 2: fork of a modelled library"
    if name.replace("-", "_") in dist:
        return "skipped, 2: packaged in dist-packages"
    for w in nn:
        if w in name:
            return "skipped, 3: name contains %r" % w
    q = query.lower()
    ok = False
    for m in re.finditer(re.escape(q), name):
        if m.start() == 0 or not name[m.start() - 1].isalpha():
            ok = True
    if not ok:
        return "skipped, 4: query not at a word start in the name"
    return "pass"

lists = {}
for line in open("/work/heldout11-work/lists.txt"):
    f = line.split()
    lists.setdefault(f[0], []).append((f[1], f[2:]))
seen = set()
out = open("/work/heldout11-work/order.tsv", "w")
for stratum in "ABC":
    qs = lists[stratum]
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
            out.write("%s\t%d\t%s\t%s\t%s\n" % (stratum, pos, q, repo, verdict(repo, q)))
