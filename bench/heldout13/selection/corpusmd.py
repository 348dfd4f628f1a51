"""Writes the tables of bench/heldout13/CORPUS.md from candidates.tsv (compile.py's output).
usage: corpusmd.py WORKDIR > tables.md"""
import os, sys

work = sys.argv[1]
cand = [l.rstrip("\n").split("\t") for l in open(os.path.join(work, "candidates.tsv"))]
what = {"A": "array files", "B": "program files", "C": "files importing numpy"}
names = {"A": "A-scale: code written for scale", "B": "B-programs: array programs and benchmarks",
         "C": "C-libraries: NumPy libraries"}
out = []
out.append("## The corpus\n")
out.append("| stratum | repositories | `.py` files | non-blank lines | checked non-blank lines |")
out.append("| --- | ---: | ---: | ---: | ---: |")
tot = [0, 0, 0, 0]
per = {}
for s in "ABC":
    rows = [r for r in cand if r[0].startswith(s) and r[4].startswith("**taken**")]
    files = sum(int(r[7]) for r in rows)
    lines = sum(int(r[9]) for r in rows)
    checked = sum(int(r[10]) for r in rows)
    per[s] = rows
    out.append("| %s | %d | %d | %d | %d |" % (names[s].split(":")[0], len(rows), files, lines, checked))
    for i, v in enumerate((len(rows), files, lines, checked)):
        tot[i] += v
out.append("| all | %d | %d | %d | %d |" % tuple(tot))
out.append("")
for s in "ABC":
    out.append("### %s\n" % names[s])
    out.append("| # | repository | commit | commit date | `.py` files | %s | non-blank lines | checked non-blank lines | notebooks |" % what[s])
    out.append("| ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for i, r in enumerate(per[s], 1):
        out.append("| %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (i, r[3], r[5], r[6], r[7], r[8], r[9], r[10], r[11]))
    out.append("")
out.append("## Every candidate considered\n")
out.append("In each stratum's round-robin order (`selection/order.tsv`), up to the last one fetched. "
           "\"list\" is C for the first queries, C2 for the second amendment's, C3 for the third's. "
           "Fetched candidates give the commit date, `.py` files, content files (A: array files; B: program "
           "files; C: files outside tests importing numpy), non-blank lines, checked non-blank lines and "
           "`.ipynb` files.\n")
for s in "ABC":
    out.append("### %s\n" % names[s])
    out.append("| list | # | query | repository | outcome | date | files | content | lines | checked | notebooks |")
    out.append("| --- | ---: | --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for r in cand:
        if not r[0].startswith(s):
            continue
        extra = r[6:12] if len(r) > 5 else []
        extra = extra + [""] * (6 - len(extra))
        out.append("| %s | %s | `%s` | %s | %s | %s |" % (r[0], r[1], r[2], r[3], r[4], " | ".join(extra)))
    out.append("")
print("\n".join(out))
