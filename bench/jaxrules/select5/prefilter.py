"""Pre-fetch criteria 1-3 of bench/jaxrules/RULE5.md over lists.txt, in each stratum's round-robin
order (criterion 4, the listing pre-check, needs the search tool and is recorded by hand in
fetch.tsv).

    python3 prefilter.py LISTS ISSUES BENCH > order.tsv

Writes one row a candidate: stratum, position, source, repository, verdict ('pass' or
'skipped, N: reason'). ISSUES is the text of every issue (`issues` and `issues show N`); BENCH is
/work/main/bench."""
import glob
import os
import re
import sys

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
               if not r.startswith("/work/jaxcorpus5"))  # this corpus itself left out
for root in roots:
    for dirpath, dirnames, _ in os.walk(root):
        for d in dirnames:
            if "+" in d:
                folders.add(d.lower())

ORGS = {"google", "google-deepmind", "deepmind", "google-research", "jax-ml", "openxla"}
NAMES = {"jax", "jaxlib", "flax", "optax", "haiku", "dm-haiku", "equinox", "orbax", "chex", "maxtext",
         "t5x", "paxml", "praxis", "levanter", "easylm", "big_vision", "xla"}
FRAMEWORKS = ("torch", "tensorflow", "keras")
NOT_AFTER = ("b", "on", "rs", "ws", "-rs", "-ws", "_rs", "_ws")


def verdict(repo, source):
    low = repo.lower()
    owner, name = low.split("/", 1)
    if low in alltext:
        return "skipped, 1: owner/name named in bench/ or the issues"
    if low.replace("/", "+") in folders:
        return "skipped, 1: folder in an earlier corpus"
    if owner in ORGS:
        return "skipped, 2: organisation of the machinery or a modelled library"
    if name in NAMES:
        return "skipped, 2: the machinery or a modelled library"
    for w in FRAMEWORKS:
        if w in name:
            return "skipped, 2: name holds %r" % w
    if source.startswith("F: "):
        core = source[3:].strip("-_")
        ok = False
        for m in re.finditer(re.escape(core), low):
            if m.start() > 0 and low[m.start() - 1].isalpha():
                continue
            if low[m.end():].startswith(NOT_AFTER):
                continue
            ok = True
        if not ok:
            return "skipped, 3: %s not at a word start" % core
    return "pass"


lists = []
for line in open(lists_path, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if len(f) == 3:
        lists.append((f[1], f[2].split()))
# RULE5.md's order is lists.txt's order (one stratum)
seen = set()
order = []
for i in range(max(len(r) for _, r in lists)):
    for q, repos in lists:
        if i < len(repos):
            order.append((q, repos[i]))
pos = 0
for q, repo in order:
    if repo.lower() in seen:
        continue
    seen.add(repo.lower())
    pos += 1
    print("training\t%d\t%s\t%s\t%s" % (pos, q, repo, verdict(repo, q)))
