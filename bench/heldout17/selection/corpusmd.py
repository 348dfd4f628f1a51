"""Tables of bench/heldout17/CORPUS.md from the selection's records.
usage: corpusmd.py > tables.md (run in selection/). Reads order.tsv (criteria 1-4 per listed name in
visiting order), fetch.tsv (criterion 5) and results.tsv (criteria 6-9 and the counts)."""
import collections

order = [l.rstrip("\n").split("\t") for l in open("order.tsv")]
fetch = {}
for l in open("fetch.tsv"):
    s, repo, outcome = l.rstrip("\n").split("\t")
    fetch[repo] = outcome
res = {}
for l in open("results.tsv"):
    f = l.rstrip("\n").split("\t")
    res[f[1]] = f
# Why a stratum's remaining candidates were not fetched (RULE.md and its amendments).
NOT_FETCHED = {
    "A": "not fetched: (none expected; A's candidates were all fetched)",
    "B": "not fetched: B's cap of 80 fetches reached",
    "C": "not fetched: C full (8 repositories)",
}
names = {"A": "A-scale", "B": "B-programs", "C-libraries": "C", "C": "C-libraries"}
short = {"A": "array program files", "B": "array program files", "C": "numpy files"}
what = {"A": "array program files", "B": "array program files", "C": "files importing numpy"}

print("## Taken\n")
for s in "ABC":
    rows = [r for r in res.values() if r[0] == s and r[9] == "taken"]
    print("### %s (%d repositories)\n" % (names[s], len(rows)))
    print("| repository | commit | HEAD date | .py files | %s | lines | checked lines | notebooks |" % what[s])
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (r[1], r[2][:12], r[3], r[4], r[5], "{:,}".format(int(r[6])), "{:,}".format(int(r[7])), r[8]))
    print("| **total** | | | %d | %d | %s | %s | |\n" % (sum(int(r[4]) for r in rows), sum(int(r[5]) for r in rows),
          "{:,}".format(sum(int(r[6]) for r in rows)), "{:,}".format(sum(int(r[7]) for r in rows))))

print("## Every candidate considered, in visiting order\n")
print("`position` is the place in the stratum's visiting order (`order.tsv`: A's code searches, then the")
print("first amendment's A2; B's code searches, then B2; C's name lists); `verdict` is")
print("the first criterion failed, `taken`, or `not fetched:` the stratum's fetches ended before the")
print("candidate's turn (criteria 1-4 passed, no fetch made).\n")
print("| stratum | position | source | repository | verdict |")
print("| --- | ---: | --- | --- | --- |")
counts = collections.Counter()
for s, pos, source, repo, v in order:
    if v == "pass":
        if repo in res:
            r = res[repo]
            v = r[9]
            extra = " (%s %s, %s lines, %s checked, %s notebooks)" % (r[5], short[r[0]], r[6], r[7], r[8])
        elif repo in fetch:
            v, extra = fetch[repo], ""
        else:
            v, extra = NOT_FETCHED.get(s, "not fetched: stratum full or its fetches spent"), ""
    else:
        extra = ""
    counts[s, v.split(":")[0]] += 1
    print("| %s | %s | %s | %s | %s%s |" % (s, pos, source.replace("|", "\\|"), repo, v, extra))
print()
print("## Counts per stratum and outcome\n")
print("| stratum | outcome | candidates |")
print("| --- | --- | ---: |")
for (s, v), n in sorted(counts.items()):
    print("| %s | %s | %d |" % (s, v, n))
