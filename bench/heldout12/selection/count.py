"""Count, per repository folder of the corpus, the .py files arraylint's walk reaches, their non-blank
lines, and the non-blank lines outside test and benchmark code (sizepolicy.TestCode on the path
below the stratum folder). usage: count.py ROOT -> TSV stratum repo files lines checked"""
import os, sys

SKIP = {".git", ".hg", ".svn", "__pycache__", "node_modules", ".mypy_cache", ".pytest_cache",
        ".ruff_cache", ".tox", ".nox"}

def test_code(rel):
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
        if d.endswith("_tests") or d.endswith("_test") or d.startswith("tests_") or d.startswith("test_"):
            return True
    return False

root = sys.argv[1]
for stratum in ("A-scale",):
    sdir = os.path.join(root, stratum)
    for repo in sorted(os.listdir(sdir)):
        files = lines = checked = 0
        for dp, dns, fns in os.walk(os.path.join(sdir, repo)):
            dns[:] = [d for d in dns if d not in SKIP and not os.path.islink(os.path.join(dp, d))
                      and not os.path.exists(os.path.join(dp, d, "pyvenv.cfg"))]
            for fn in fns:
                p = os.path.join(dp, fn)
                if not fn.endswith(".py") or os.path.islink(p):
                    continue
                files += 1
                with open(p, encoding="utf-8", errors="replace") as fh:
                    n = sum(1 for l in fh if l.strip())
                lines += n
                if not test_code(os.path.relpath(p, sdir)):
                    checked += n
        print("\t".join([stratum, repo, str(files), str(lines), str(checked)]))
