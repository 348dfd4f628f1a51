"""Counts the JAX/CuPy rules' findings in run.sh's JSON results: per rule, per repository and per
kind (training / scientific / cupy), with findings per million .py lines (corpus.tsv's counts of
lines outside tests), and writes every finding as one TSV row (results.tsv) for the review.

    python3 bench/jaxrules/count.py CORPUS_TSV RESULTS_DIR
"""
import collections
import json
import os
import sys

CODES = ["AL107", "AL202", "AL305", "AL306", "AL403"]


def main():
    corpus_tsv, results = sys.argv[1], sys.argv[2]
    rows = [l.rstrip("\n").split("\t") for l in open(corpus_tsv)][1:]
    lines = {r[0]: int(r[5]) for r in rows}
    kind = {r[0]: r[2] for r in rows}
    per = collections.Counter()
    out = []
    for repo in lines:
        path = os.path.join(results, repo.replace("/", "+") + ".json")
        with open(path) as f:
            findings = json.load(f)
        for x in findings:
            per[(repo, x["code"])] += 1
            out.append((repo, x["code"], x["filename"], x["location"]["row"], x["message"]))
    out.sort()
    with open(os.path.join(os.path.dirname(corpus_tsv), "results.tsv"), "w") as f:
        f.write("repository\tcode\tfile\tline\tmessage\n")
        for o in out:
            f.write("\t".join(str(v).replace("\t", " ").replace("\n", " ") for v in o) + "\n")
    total_lines = sum(lines.values())
    print("repository\tkind\tlines\t" + "\t".join(CODES))
    for repo in lines:
        print(f"{repo}\t{kind[repo]}\t{lines[repo]}\t" + "\t".join(str(per[(repo, c)]) for c in CODES))
    print()
    print("kind\tlines\t" + "\t".join(f"{c} (n, per Mline)" for c in CODES))
    kinds = sorted(set(kind.values())) + ["all"]
    for k in kinds:
        repos = [r for r in lines if k == "all" or kind[r] == k]
        kl = sum(lines[r] for r in repos)
        cells = []
        for c in CODES:
            n = sum(per[(r, c)] for r in repos)
            cells.append(f"{n} ({n / kl * 1e6:.1f})")
        print(f"{k}\t{kl}\t" + "\t".join(cells))
    print(f"\ntotal findings {len(out)} on {total_lines} lines outside tests")


if __name__ == "__main__":
    main()
