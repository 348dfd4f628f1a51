"""The candidates considered, per stratum in round-robin order, with their outcomes and the stop
conditions of bench/heldout13/RULE.md (and its amendments).
usage: compile.py WORKDIR -> WORKDIR/candidates.tsv (stratum, position, query, repo, outcome, and for
a fetched one commit, date, files, content files, lines, checked lines, notebooks) and
WORKDIR/corpus.tsv (stratum, repo, commit, files, content files, lines, checked lines)."""
import os, sys

work = sys.argv[1]
res, fetched = {}, {}
for l in open(os.path.join(work, "results.tsv")):
    f = l.rstrip("\n").split("\t")
    res[f[1]] = f
for l in open(os.path.join(work, "fetch.tsv")):
    s, r, outcome = l.rstrip("\n").split("\t")
    fetched[r] = outcome
order = [l.rstrip("\n").split("\t") for l in open(os.path.join(work, "order.tsv"))]
stop = {"A": (15, 100000, 30), "B": (20, 60000, 35), "C": (8, 100000, 15)}
folder = {"A": "A-scale", "B": "B-programs", "C": "C-libraries"}
cand = open(os.path.join(work, "candidates.tsv"), "w")
corpus = open(os.path.join(work, "corpus.tsv"), "w")
summary = []
for stratum, parts in (("A", ["A"]), ("B", ["B"]), ("C", ["C", "C2", "C3"])):
    n = lines = nfetch = 0
    full = False
    for part in parts:
        rows = [r for r in order if r[0] == part]
        last = max(i for i, r in enumerate(rows) if r[3] in fetched)
        for _, pos, query, repo, pre in rows[: last + 1]:
            extra = []
            if pre != "pass":
                outcome = pre
            elif repo not in fetched:
                outcome = "not fetched (the stratum was full)" if full else "NOT FETCHED (rule not followed)"
            else:
                nfetch += 1
                if repo not in res:
                    outcome = fetched[repo]
                else:
                    f = res[repo]
                    extra = f[2:9]
                    outcome = f[9]
                    if outcome == "taken":
                        if full:
                            outcome = "fetched after the stratum was full: meets the criteria, not taken"
                        else:
                            n += 1
                            lines += int(f[7])
                            outcome = "**taken** (%d)" % n
                            corpus.write("\t".join([folder[stratum], repo] + f[2:3] + f[4:8]) + "\n")
                            lo_n, lo_lines, hi_n = stop[stratum]
                            if (n >= lo_n and lines >= lo_lines) or n >= hi_n:
                                full = True
            cand.write("\t".join([part, pos, query, repo, outcome] + extra) + "\n")
    summary.append("%s: taken %d repositories, %d checked lines, %d fetches, full=%s" % (stratum, n, lines, nfetch, full))
print("\n".join(summary))
