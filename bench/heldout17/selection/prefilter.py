"""Pre-fetch criteria 1-4 of bench/heldout17/RULE.md, over lists.txt in each stratum's visiting
order (each stratum: round-robin across its lists, in lists.txt's order; the first amendment's A2
and B2 lists, round-robin, after A's and B's first lists).
usage: prefilter.py LISTS ISSUES BENCH > order.tsv (stratum, position, source, repo, verdict:
'pass' or 'skipped, N: reason'). ISSUES is the text of every issue; BENCH is /work/main/bench."""
import glob, os, re, sys

lists_path, issues_path, bench = sys.argv[1:4]
texts = []
for path in glob.glob(bench + "/**/*", recursive=True):
    if os.path.isfile(path):
        try:
            texts.append(open(path, encoding="utf-8", errors="replace").read().lower())
        except OSError:
            pass
texts.append(open(issues_path, encoding="utf-8", errors="replace").read().lower())
alltext = "\n".join(texts)

folders = set()
roots = sorted(r for r in glob.glob("/work/heldout1*") + glob.glob("/work/jaxcorpus*") + ["/work/gt"]
               if not r.startswith("/work/heldout17"))  # this corpus itself left out
for root in roots:
    for dirpath, dirnames, _ in os.walk(root):
        for d in dirnames:
            if "+" in d:
                folders.add(d.lower())

dist = set()
for e in os.listdir("/usr/lib/python3/dist-packages"):
    dist.add(e.lower())
    if e.endswith(".py"):
        dist.add(e[:-3].lower())
orgs = {"cupy", "nv-legate", "jax-ml", "google", "google-deepmind", "dask", "dask-contrib", "data-apis",
        "numpy", "scipy", "scikit-learn", "scikit-image"}
forks = {"cupy", "cunumeric", "cupynumeric", "legate", "legate.core", "jax", "dask", "distributed", "dask-ml"}
nn = ["torch", "tensorflow", "keras", "flax", "optax", "haiku", "equinox", "transformer", "diffusion", "llm",
      "gpt", "bert", "yolo", "nerf"]
jax_not = ("b", "on", "rs", "ws", "-rs", "-ws", "_rs", "_ws")


# Criterion 1 reads BENCH as it stands when this script first runs (main 1277614, recorded in
# CORPUS.md); nothing is excepted.
LATER_FOLDERS = set()


def verdict(repo, source):
    low = repo.lower()
    owner, name = low.split("/", 1)
    if low in alltext:
        return "skipped, 1: owner/name named in bench/ or the issues"
    if low.replace("/", "+") in folders and low.replace("/", "+") not in LATER_FOLDERS:
        return "skipped, 1: folder in an earlier corpus"
    if owner in orgs:
        return "skipped, 2: organisation of a modelled library"
    if name in forks or name.startswith(("cunumeric", "cupynumeric", "array-api")):
        return "skipped, 2: fork of a modelled library"
    if name.replace("-", "_") in dist:
        return "skipped, 2: packaged in dist-packages"
    for w in nn:
        if w in name:
            return "skipped, 3: name contains %r" % w
    if source.startswith("F: "):
        core = source[3:].strip("-_")
        ok = False
        for m in re.finditer(re.escape(core), low):
            if m.start() > 0 and low[m.start() - 1].isalpha():
                continue
            if "jax" in core and low[m.end():].startswith(jax_not):
                continue
            ok = True
        if not ok:
            return "skipped, 4: %s not at a word start" % core
    return "pass"


lists = {"A": [], "A2": [], "B": [], "B2": [], "C": []}
for line in open(lists_path, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if len(f) == 3:
        lists[f[0]].append((f[1], f[2].split()))


def round_robin(qs):
    order = []
    for i in range(max((len(r) for _, r in qs), default=0)):
        for q, repos in qs:
            if i < len(repos):
                order.append((q, repos[i]))
    return order


seen = set()
for stratum, groups in (("A", ["A", "A2"]), ("B", ["B", "B2"]), ("C", ["C"])):  # first amendment: A2, B2 after
    order = []
    for g in groups:
        order += round_robin(lists[g])
    pos = 0
    for q, repo in order:
        if repo.lower() in seen:
            continue
        seen.add(repo.lower())
        pos += 1
        print("%s\t%d\t%s\t%s\t%s" % (stratum, pos, q, repo, verdict(repo, q)))
