"""Compares a re-run of the JAX/CuPy rules (run.sh's JSON results) with the first review's
verdicts (review.md): per rule, the true findings over all findings before and after (test code
left out, as in the figures), the reviewed-true findings that disappeared (the recall cost), and
any finding the review never saw.

    python3 bench/jaxrules/compare.py RESULTS_DIR
"""
import collections
import glob
import json
import os
import re
import sys


def main(results):
    found = collections.Counter()
    for path in glob.glob(os.path.join(results, "*.json")):
        repo = os.path.basename(path)[: -len(".json")].replace("+", "/")
        with open(path) as f:
            doc = json.load(f)
        items = doc if isinstance(doc, list) else doc.get("diagnostics", doc.get("findings", []))
        for x in items:
            found[(repo, x["code"], "%s:%d" % (x["filename"], x["location"]["row"]))] += 1
    review = os.path.join(os.path.dirname(os.path.abspath(__file__)), "review.md")
    rows = []
    with open(review) as f:
        for line in f:
            m = re.match(r"\| (\d+) \| (\S+) \| (AL\d+) \| `([^`]+)` \| (\S+) \|", line)
            if m:
                rows.append(m.groups())
    seen = collections.Counter()
    stat = collections.defaultdict(lambda: [0, 0, 0, 0])  # true, all before; true, all after
    lost = []
    for n, repo, rule, place, verdict in rows:
        if verdict == "—":  # test code: out of the figures
            continue
        key = (repo, rule, place)
        seen[key] += 1
        kept = found[key] >= seen[key]
        s = stat[rule]
        s[1] += 1
        s[3] += kept
        if verdict == "T":
            s[0] += 1
            s[2] += kept
            if not kept:
                lost.append(n)
    for rule in sorted(stat):
        t0, n0, t1, n1 = stat[rule]
        after = "%d/%d" % (t1, n1) if n1 else "no finding"
        print("%s\tbefore %d/%d\tafter %s" % (rule, t0, n0, after))
    reviewed = {(r, c, p) for _, r, c, p, _ in rows}
    new = sorted(k for k in found if k not in reviewed)
    print("reviewed-true findings gone:", ", ".join("#" + n for n in lost) or "none")
    print("findings the review never saw:", new or "none")


if __name__ == "__main__":
    main(sys.argv[1])
