#!/usr/bin/env bash
# bench/heldout10/run.sh: count the findings of AL301-AL304 on the tenth held-out corpus, per
# stratum and rule, and their volume per million checked lines. The corpus is the one RULE.md
# chose and CORPUS.md lists, extracted outside the repository (see README.md).
#
#   bench/heldout10/run.sh ARRAYLINT RESULTS [FLAG...]
#
#   ARRAYLINT   the arraylint binary to measure (e.g. built with `go build -o /tmp/al ./cmd/arraylint`)
#   RESULTS     folder for the findings (created): <stratum>.json (check's JSON report),
#               <stratum>.stderr, <stratum>.files (the files check reads), summary.tsv
#   FLAG...     extra flags for `arraylint check`, e.g. --scale large
#   HELDOUT10   environment: the corpus root (default /work/heldout10), holding A-scale/,
#               B-programs/ and C-libraries/
#
# Prints counts only, never a finding's text, file or line: the corpus stays unseen until its
# review. Lines are the non-blank lines of the files `check --show-files` lists, less those
# sizepolicy.TestCode calls test or benchmark code (path taken below the stratum folder), which
# the rules do not check by default.
set -euo pipefail
if [ $# -lt 2 ]; then
	sed -n '2,/^set -euo/{/^#/p}' "$0" >&2
	exit 2
fi
bin=$1 out=$2
shift 2
root=${HELDOUT10:-/work/heldout10}
if [ ! -x "$bin" ]; then
	echo "run.sh: arraylint binary $bin: not an executable file" >&2
	exit 2
fi
strata=(A-scale B-programs C-libraries)
for s in "${strata[@]}"; do
	if [ ! -d "$root/$s" ]; then
		echo "run.sh: corpus $root/$s: no such folder (set HELDOUT10 to the corpus root)" >&2
		exit 2
	fi
done
mkdir -p "$out"
"$bin" version >"$out/version.txt"
printf '%s\n' "$@" >"$out/flags.txt"
for s in "${strata[@]}"; do
	start=$(date +%s.%N)
	# --exit-zero: findings are the measurement, not a failure; any other failure stops the run.
	(cd "$root" && "$bin" check --exit-zero --select AL301,AL302,AL303,AL304 --output-format json "$@" "$s") \
		>"$out/$s.json" 2>"$out/$s.stderr"
	end=$(date +%s.%N)
	echo "$start $end" >"$out/$s.time"
	(cd "$root" && "$bin" check --show-files "$s") >"$out/$s.files"
done
python3 - "$root" "$out" "${strata[@]}" <<'EOF'
import json, os, sys

root, out, strata = sys.argv[1], sys.argv[2], sys.argv[3:]
rules = ["AL301", "AL302", "AL303", "AL304"]

def test_code(rel):
    # A transcription of rules/internal/sizepolicy.TestCode.
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

rows = []
for s in strata:
    lines = checked = repos = 0
    seen = set()
    for path in open(os.path.join(out, s + ".files"), encoding="utf-8", errors="replace").read().splitlines():
        if not path:
            continue
        rel = os.path.relpath(path, s)
        seen.add(rel.split("/", 1)[0])
        n = sum(1 for l in open(os.path.join(root, path), encoding="utf-8", errors="replace") if l.strip())
        lines += n
        if not test_code(rel):
            checked += n
    repos = len(seen)
    findings = json.load(open(os.path.join(out, s + ".json")))
    counts = {r: 0 for r in rules}
    for f in findings:
        if f.get("code") in counts:
            counts[f["code"]] += 1
    t0, t1 = map(float, open(os.path.join(out, s + ".time")).read().split())
    rows.append((s, repos, lines, checked, counts, t1 - t0))

with open(os.path.join(out, "summary.tsv"), "w") as tsv:
    tsv.write("stratum\trepos\tlines\tchecked_lines\trule\tfindings\tper_million_checked_lines\n")
    for s, repos, lines, checked, counts, _ in rows:
        for r in rules:
            per = counts[r] / checked * 1e6 if checked else 0.0
            tsv.write("%s\t%d\t%d\t%d\t%s\t%d\t%.2f\n" % (s, repos, lines, checked, r, counts[r], per))

print("arraylint: %s" % open(os.path.join(out, "version.txt")).read().strip())
flags = open(os.path.join(out, "flags.txt")).read().split()
print("flags: %s" % (" ".join(flags) if flags else "(default settings)"))
print()
print("%-12s %5s %10s %10s  %s   %8s" % ("stratum", "repos", "lines", "checked", "  ".join("%-15s" % (r + " n (/Mline)") for r in rules), "check s"))
for s, repos, lines, checked, counts, secs in rows:
    cells = "  ".join("%-15s" % ("%d (%.1f)" % (counts[r], counts[r] / checked * 1e6 if checked else 0.0)) for r in rules)
    print("%-12s %5d %10d %10d  %s   %8.1f" % (s, repos, lines, checked, cells, secs))
tot_checked = sum(r[3] for r in rows)
tot = {r: sum(row[4][r] for row in rows) for r in rules}
cells = "  ".join("%-15s" % ("%d (%.1f)" % (tot[r], tot[r] / tot_checked * 1e6 if tot_checked else 0.0)) for r in rules)
print("%-12s %5d %10d %10d  %s" % ("all", sum(r[1] for r in rows), sum(r[2] for r in rows), tot_checked, cells))
print()
print("findings: %s/<stratum>.json (not for reading before the review)" % out)
EOF
