"""Counts for a held-out corpus's run.sh (bench/heldout13, 15, 16, 17): the corpus's lines per
stratum (from `check --show-files`) and the findings per rule, stratum and setting, with findings
per million checked lines.
usage: count.py EXPECTED ROOT RESULTS STRATUM... -> RESULTS/summary.tsv, and the table on standard
output. EXPECTED is the corpus's expected.json: its folder ("root") and CORPUS.md's checked lines
per stratum ("lines"), to catch a corpus that was rebuilt differently.
It prints counts only, never a finding's text, file or line."""
import json, os, sys

with open(sys.argv[1]) as f:
    corpus = json.load(f)
root, out, strata = sys.argv[2], sys.argv[3], sys.argv[4:]
rules = ["AL301", "AL302", "AL303", "AL304"]
settings = ["default", "large"]
expected = corpus["lines"]


def test_code(rel):
    """rules/internal/sizepolicy.TestCode, on the path below the stratum folder."""
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


def per_million(n, lines):
    return n / lines * 1e6 if lines else 0.0


size = {}
for s in strata:
    lines = checked = 0
    repos = set()
    for path in open(os.path.join(out, "files", s + ".files"), encoding="utf-8").read().splitlines():
        if not path:
            continue
        rel = os.path.relpath(path, s)
        repos.add(rel.split(os.sep, 1)[0])
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            n = sum(1 for line in f if line.strip())
        lines += n
        if not test_code(rel):
            checked += n
    size[s] = (len(repos), lines, checked)

counts = {}
for setting in settings:
    for s in strata:
        with open(os.path.join(out, setting, s + ".json"), encoding="utf-8") as f:
            findings = json.load(f)
        c = {r: 0 for r in rules}
        for finding in findings:
            if finding.get("code") in c:
                c[finding["code"]] += 1
        counts[setting, s] = c

with open(os.path.join(out, "summary.tsv"), "w") as tsv:
    tsv.write("setting\tstratum\trepos\tlines\tchecked_lines\trule\tfindings\tper_million_checked_lines\n")
    for setting in settings:
        for s in strata:
            repos, lines, checked = size[s]
            for r in rules:
                n = counts[setting, s][r]
                tsv.write("%s\t%s\t%d\t%d\t%d\t%s\t%d\t%.2f\n" % (setting, s, repos, lines, checked, r, n, per_million(n, checked)))

with open(os.path.join(out, "version.txt")) as f:
    print("arraylint: " + f.read().strip())
print("corpus: " + root)
for s in strata:
    repos, lines, checked = size[s]
    print("  %-12s %3d repositories  %9d lines  %9d checked lines" % (s, repos, lines, checked))
    if os.path.realpath(root) == corpus["root"] and s in expected and checked != expected[s]:
        print("  warning: %s has %d checked lines, CORPUS.md says %d: the corpus differs" % (s, checked, expected[s]), file=sys.stderr)
for setting in settings:
    print()
    print("findings (per million checked lines), %s:" % ("default settings" if setting == "default" else "--scale large"))
    print("  %-12s " % "stratum" + "".join("%-17s" % r for r in rules) + "%-17s %s" % ("all", "check s"))
    tot = {r: 0 for r in rules}
    for s in strata:
        c = counts[setting, s]
        checked = size[s][2]
        with open(os.path.join(out, setting, s + ".seconds")) as f:
            secs = f.read().strip()
        cells = "".join("%-17s" % ("%d (%.1f)" % (c[r], per_million(c[r], checked))) for r in rules)
        allc = sum(c.values())
        print("  %-12s %s%-17s %s" % (s, cells, "%d (%.1f)" % (allc, per_million(allc, checked)), secs))
        for r in rules:
            tot[r] += c[r]
    checked = sum(size[s][2] for s in strata)
    cells = "".join("%-17s" % ("%d (%.1f)" % (tot[r], per_million(tot[r], checked))) for r in rules)
    allc = sum(tot.values())
    print("  %-12s %s%-17s" % ("all", cells, "%d (%.1f)" % (allc, per_million(allc, checked))))
print()
print("findings: %s/{default,large}/<stratum>.json (for the review; do not open before it)" % out)
