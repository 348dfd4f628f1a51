"""Writes bench/jaxrules/corpus5.tsv from the files `arraylint check --show-files` lists for the
training stratum of /work/jaxcorpus5 (no rule runs), with the commits and evidence measure.py
recorded.

    python3 corpus5.py ROOT FILES TAKEN RESULTS > ../corpus5.tsv

ROOT is /work/jaxcorpus5; FILES is the listing (`cd ROOT && arraylint check --show-files
training`); TAKEN is /work/jaxcorpus5-work/taken.tsv; RESULTS is select5/results.tsv. Columns:
stratum, repository, commit, commit_date, files, lines (non-blank lines of the listed files),
checked_lines (the same outside test code), evidence (the loop file:line), large_model (criterion
8(d)'s first match). It exits non-zero when a repository's checked lines differ from measure.py's."""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from count5 import test_code  # noqa: E402

root, files_path, taken_path, results_path = sys.argv[1:5]
taken = [l.rstrip("\n").split("\t") for l in open(taken_path)]
results = {}
for l in open(results_path):
    f = l.rstrip("\n").split("\t")
    if len(f) >= 12:
        results[f[1]] = f
files = collections.Counter()
lines = collections.Counter()
checked = collections.Counter()
for path in open(files_path, encoding="utf-8").read().splitlines():
    parts = path.split("/")
    if len(parts) < 3 or parts[0] != "training":
        sys.exit("corpus5: listed path %r: not under a repository folder of training" % path)
    repo = parts[1].replace("+", "/", 1)
    rel = "/".join(parts[2:])
    with open(os.path.join(root, path), "rb") as fh:
        n = sum(1 for l in fh.read().decode("utf-8", "replace").splitlines() if l.strip())
    files[repo] += 1
    lines[repo] += n
    if not test_code(rel):
        checked[repo] += n
print("stratum\trepository\tcommit\tcommit_date\tfiles\tlines\tchecked_lines\tevidence\tlarge_model")
bad = 0
for stratum, repo, commit, measured in taken:
    r = results[repo]
    if int(measured) != checked[repo]:
        print("corpus5: %s: %d checked lines listed, %s measured" % (repo, checked[repo], measured), file=sys.stderr)
        bad = 1
    print("\t".join([stratum, repo, commit, r[3], str(files[repo]), str(lines[repo]), str(checked[repo]), r[9], r[10]]))
sys.exit(bad)
