"""Counts for bench/jaxrules/run5.sh on the fifth JAX corpus (RULE5.md, corpus5.tsv): the
findings per rule, stratum and repository, outside test code, with findings per million checked
lines, written to RESULTS/summary.tsv and printed as a table.

    python3 bench/jaxrules/count5.py CORPUS_TSV RESULTS

RESULTS holds files/<stratum>.files (`check --show-files`) and <stratum>.json (check's report, run
from the corpus root, so every filename is <stratum>/<owner>+<name>/<path>). Checked lines are the
non-blank lines of the listed files outside test code (test_code below, analyzer.TestCode on the
path below the repository folder); findings in test code are counted apart ("in test code") and
left out of every rate. It prints counts only, never a finding's text, file or line. It stops with
an error when the listed files' checked lines differ from corpus5.tsv's (a corpus rebuilt
differently)."""
import collections
import json
import os
import sys

CODES = ["AL107", "AL202", "AL305", "AL306", "AL403"]
STRATA = ["training"]


def test_code(rel):
    """analyzer.TestCode on a path below the repository folder."""
    base = os.path.basename(rel)
    if base.startswith("test_") or base.endswith("_test.py"):
        return True
    if len(base) > 4 and base.startswith("Test") and (base[4] == "_" or base[4].isupper()):
        return True
    if base in ("conftest.py", "testing.py", "_testing.py"):
        return True
    for d in os.path.dirname(rel).split("/"):
        if d in ("test", "tests", "testing", "benchmarks", "asv_bench"):
            return True
        if d.endswith(("_tests", "_test")) or d.startswith(("tests_", "test_")):
            return True
    return False


def split(path):
    """(stratum, owner/name, path below the repository folder) of a corpus-root-relative path."""
    parts = path.replace("\\", "/").lstrip("./").split("/")
    if len(parts) < 3 or parts[0] not in STRATA:
        raise ValueError("path %r: not <stratum>/<owner>+<name>/..." % path)
    return parts[0], parts[1].replace("+", "/", 1), "/".join(parts[2:])


def per_million(n, lines):
    return n / lines * 1e6 if lines else 0.0


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: count5.py CORPUS_TSV RESULTS")
    corpus_tsv, out = sys.argv[1:]
    rows = [l.rstrip("\n").split("\t") for l in open(corpus_tsv, encoding="utf-8")][1:]
    expected = {r[1]: int(r[6]) for r in rows}
    stratum_of = {r[1]: r[0] for r in rows}
    root = os.environ.get("JAXCORPUS5", "/work/jaxcorpus5")
    checked = collections.Counter()
    for s in STRATA:
        for path in open(os.path.join(out, "files", s + ".files"), encoding="utf-8").read().splitlines():
            _, repo, rel = split(path)
            if test_code(rel):
                continue
            with open(os.path.join(root, path), "rb") as fh:
                checked[repo] += sum(1 for l in fh.read().decode("utf-8", "replace").splitlines() if l.strip())
    for repo, n in expected.items():
        if checked[repo] != n:
            sys.exit("count5: %s: %d checked lines listed, corpus5.tsv says %d (corpus rebuilt differently?)"
                     % (repo, checked[repo], n))
    per = collections.Counter()
    in_tests = collections.Counter()
    for s in STRATA:
        path = os.path.join(out, s + ".json")
        try:
            findings = json.load(open(path, encoding="utf-8"))
        except (OSError, ValueError) as err:
            sys.exit("count5: read report %s: %s" % (path, err))
        for f in findings:
            _, repo, rel = split(f["filename"])
            if repo not in stratum_of:
                sys.exit("count5: finding in %s: not a corpus5.tsv repository" % repo)
            if test_code(rel):
                in_tests[(s, f["code"])] += 1
            else:
                per[(repo, f["code"])] += 1
    with open(os.path.join(out, "summary.tsv"), "w", encoding="utf-8") as w:
        w.write("scope\tname\tchecked_lines\t" + "\t".join(CODES) + "\tall\t" +
                "\t".join(c + "_per_Mline" for c in CODES) + "\tall_per_Mline\n")
        print("stratum\trepos\tchecked lines\t" + "\t".join("%s (per Mline)" % c for c in CODES) + "\tall\tin test code")
        for s in STRATA + ["all"]:
            repos = [r for r in expected if s == "all" or stratum_of[r] == s]
            lines = sum(expected[r] for r in repos)
            ns = [sum(per[(r, c)] for r in repos) for c in CODES]
            tests = sum(v for (st, _), v in in_tests.items() if s == "all" or st == s)
            print("%s\t%d\t%d\t%s\t%d\t%d" % (s, len(repos), lines, "\t".join(
                "%d (%.1f)" % (n, per_million(n, lines)) for n in ns), sum(ns), tests))
            w.write("stratum\t%s\t%d\t%s\t%d\t%s\t%.1f\n" % (s, lines, "\t".join(map(str, ns)), sum(ns), "\t".join(
                "%.1f" % per_million(n, lines) for n in ns), per_million(sum(ns), lines)))
        for r in expected:
            ns = [per[(r, c)] for c in CODES]
            w.write("repository\t%s\t%d\t%s\t%d\t%s\t%.1f\n" % (r, expected[r], "\t".join(map(str, ns)), sum(ns), "\t".join(
                "%.1f" % per_million(n, expected[r]) for n in ns), per_million(sum(ns), expected[r])))
    print("\nper repository: %s (findings outside test code)" % os.path.join(out, "summary.tsv"))


if __name__ == "__main__":
    main()
