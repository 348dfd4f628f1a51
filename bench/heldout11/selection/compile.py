"""Compile the candidates considered, in order, with their outcomes; write candidates.tsv and corpus.tsv."""
import csv, collections
res = {}
for l in open("/work/heldout11-work/results.tsv"):
    f = l.rstrip("\n").split("\t")
    res[f[1]] = f
def rows(path, strata):
    out = []
    for l in open(path):
        f = l.rstrip("\n").split("\t")
        if f[0] in strata:
            out.append(f)
    return out
seq = {"A": rows("order.tsv", "A"), "B": rows("order.tsv", "B"),
       "C": [r for r in rows("order.tsv", "C")] , "C2": rows("order2.tsv", ["C2"])}
limits = {"A": (10, 150000, 25), "B": (10, 150000, 25), "C": (10, 150000, 25)}
cand = open("candidates.tsv", "w")
corpus = open("corpus.tsv", "w")
for stratum, parts in (("A", ["A"]), ("B", ["B"]), ("C", ["C", "C2"])):
    n = lines = 0
    full = False
    k = 0
    for part in parts:
        lst = seq[part]
        fetched_pos = [i for i, r in enumerate(lst) if r[3] in res]
        last = max(fetched_pos) if fetched_pos else -1
        for i, r in enumerate(lst[: last + 1]):
            k += 1
            repo, query = r[3], r[2]
            if r[4] != "pass":
                outcome = r[4]
                cand.write("\t".join([stratum, str(k), query, repo, outcome]) + "\n")
                continue
            f = res[repo]
            outcome = f[7]
            if outcome == "taken":
                if full:
                    outcome = "fetched after the stratum was full: meets the criteria, not taken"
                else:
                    n += 1; lines += int(f[5])
                    corpus.write("\t".join([stratum, str(n), query, repo] + f[2:7]) + "\n")
                    mn, ml, mx = limits[stratum]
                    if (n >= mn and lines >= ml) or n >= mx:
                        full = True
            elif outcome.startswith("skipped, 5") or outcome.startswith("skipped, 6") or outcome.startswith("skipped, 7") or outcome.startswith("skipped, 8") or outcome.startswith("skipped, 9"):
                pass
            cand.write("\t".join([stratum, str(k), query, repo, ("**taken**" if outcome == "taken" else outcome)]) + "\n")
