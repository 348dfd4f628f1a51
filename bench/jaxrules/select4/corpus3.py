"""Writes bench/jaxrules/corpus3.tsv from the files `arraylint check --show-files` lists for each
stratum of /work/jaxcorpus3 (no rule runs), with the commits and evidence measure.py recorded.

    python3 corpus3.py ROOT FILES_DIR TAKEN RESULTS > corpus3.tsv

ROOT is /work/jaxcorpus3; FILES_DIR holds <stratum>.files (`cd ROOT && arraylint check --show-files
STRATUM`); TAKEN is /work/jaxcorpus3-work/taken.tsv; RESULTS is select3/results.tsv. Columns:
stratum, repository, commit, commit_date, files, lines (non-blank lines of the listed files),
checked_lines (the same outside test code, analyzer.TestCode on the path below the repository
folder), evidence (measure.py's loop file:line for training, '-' otherwise). It exits non-zero when
a repository's checked lines differ from measure.py's count."""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from count3 import test_code  # noqa: E402

root, files_dir, taken_path, results_path = sys.argv[1:5]
taken = [l.rstrip("\n").split("\t") for l in open(taken_path)]
results = {}
for l in open(results_path):
    f = l.rstrip("\n").split("\t")
    if len(f) >= 11:
        results[f[1]] = f
files = collections.Counter()
lines = collections.Counter()
checked = collections.Counter()
for stratum in ("training", "scientific"):
    for path in open(os.path.join(files_dir, stratum + ".files"), encoding="utf-8").read().splitlines():
        parts = path.split("/")
        if len(parts) < 3 or parts[0] != stratum:
            sys.exit("corpus3: listed path %r: not under a repository folder of %s" % (path, stratum))
        repo = parts[1].replace("+", "/", 1)
        rel = "/".join(parts[2:])
        with open(os.path.join(root, path), "rb") as fh:
            n = sum(1 for l in fh.read().decode("utf-8", "replace").splitlines() if l.strip())
        files[repo] += 1
        lines[repo] += n
        if not test_code(rel):
            checked[repo] += n
print("stratum\trepository\tcommit\tcommit_date\tfiles\tlines\tchecked_lines\tevidence")
bad = 0
for stratum, repo, commit, measured in sorted(taken, key=lambda t: t[0] != "training"):
    r = results[repo]
    if int(measured) != checked[repo]:
        print("corpus3: %s: %d checked lines listed, %s measured" % (repo, checked[repo], measured), file=sys.stderr)
        bad = 1
    print("\t".join([stratum, repo, commit, r[3], str(files[repo]), str(lines[repo]), str(checked[repo]), r[9]]))
sys.exit(bad)
