"""Counts the JAX/CuPy rules' findings in run.sh's JSON results: per rule, per repository and per
kind (training / scientific / cupy), with findings per million .py lines (corpus.tsv's counts of
lines outside tests), and writes every finding as one TSV row (results.tsv) for the review.

    python3 bench/jaxrules/count.py CORPUS_TSV RESULTS_DIR [--skip-tests] [--results-tsv PATH]

--skip-tests leaves findings in test code out of the counts and the TSV (a `tests` or `test`
directory anywhere in the path, or a file named `test_*.py` — the test code RULE2.md leaves out of
its line counts) and says how many it left out; --results-tsv names the per-finding TSV (default
results.tsv beside CORPUS_TSV).
"""
import collections
import json
import os
import sys

CODES = ["AL107", "AL202", "AL305", "AL306", "AL403"]


def is_test(path):
    """Whether a repository-relative path is test code in RULE2.md's sense."""
    parts = path.replace("\\", "/").split("/")
    return any(p in ("tests", "test") for p in parts[:-1]) or parts[-1].startswith("test_")


def main():
    args = sys.argv[1:]
    skip_tests = "--skip-tests" in args
    if skip_tests:
        args.remove("--skip-tests")
    results_tsv = None
    if "--results-tsv" in args:
        i = args.index("--results-tsv")
        if i + 1 >= len(args):
            sys.exit("count: --results-tsv needs a path")
        results_tsv = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit("usage: count.py CORPUS_TSV RESULTS_DIR [--skip-tests] [--results-tsv PATH]")
    corpus_tsv, results = args
    if results_tsv is None:
        results_tsv = os.path.join(os.path.dirname(corpus_tsv), "results.tsv")
    skipped = 0
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
            if skip_tests and is_test(x["filename"]):
                skipped += 1
                continue
            per[(repo, x["code"])] += 1
            out.append((repo, x["code"], x["filename"], x["location"]["row"], x["message"]))
    out.sort()
    with open(results_tsv, "w") as f:
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
    if skip_tests:
        print(f"left out: {skipped} findings in test code")


if __name__ == "__main__":
    main()
