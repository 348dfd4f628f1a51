"""The candidates considered, in round-robin order, with their outcomes and the stop condition of
bench/heldout12/RULE.md (at least 15 repositories and 150,000 checked lines, or 30 repositories).
usage: compile.py WORKDIR -> WORKDIR/candidates.tsv (position, query, repo, outcome, and for a
fetched one commit, date, files, array files, lines, checked lines) and WORKDIR/corpus.tsv."""
import os, sys

work = sys.argv[1]
res, fetched = {}, {}
for l in open(os.path.join(work, "results.tsv")):
    f = l.rstrip("\n").split("\t")
    res[f[0]] = f
for l in open(os.path.join(work, "fetch.tsv")):
    r, outcome = l.rstrip("\n").split("\t")
    fetched[r] = outcome
order = [l.rstrip("\n").split("\t") for l in open(os.path.join(work, "order.tsv"))]
last = max(i for i, r in enumerate(order) if r[2] in fetched)
cand = open(os.path.join(work, "candidates.tsv"), "w")
corpus = open(os.path.join(work, "corpus.tsv"), "w")
n = lines = 0
full = False
for pos, query, repo, pre in order[: last + 1]:
    extra = []
    if pre != "pass":
        outcome = pre
        if repo in fetched:
            # Fetched while prefilter.py read none of bench/ (CORPUS.md, "Prefilter fix").
            outcome += " (fetched before the prefilter fix; measured: %s)" % (res[repo][7] if repo in res else fetched[repo])
    elif repo not in fetched:
        outcome = "not fetched (the corpus was full)" if full else "NOT FETCHED (rule not followed)"
    elif repo not in res:
        outcome = fetched[repo]
    else:
        f = res[repo]
        extra = f[1:7]
        outcome = f[7]
        if outcome == "taken":
            if full:
                outcome = "fetched after the corpus was full: meets the criteria, not taken"
            else:
                n += 1
                lines += int(f[6])
                outcome = "**taken** (%d)" % n
                corpus.write("\t".join([str(n), query, repo] + f[1:7]) + "\n")
                if (n >= 15 and lines >= 150000) or n >= 30:
                    full = True
    cand.write("\t".join([pos, query, repo, outcome] + extra) + "\n")
print("taken %d repositories, %d checked lines; fetches %d; last position %s" % (n, lines, len(fetched), order[last][0]))
