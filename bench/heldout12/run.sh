#!/usr/bin/env bash
# bench/heldout12/run.sh: check the twelfth held-out corpus (one stratum, A-scale: accelerator
# array code) with AL301-AL304, at the default settings and at --scale large, and count the
# findings per rule, with their volume per million checked lines. The corpus is the one RULE.md
# chose and CORPUS.md lists, extracted outside the repository (README.md says how to rebuild it).
#
#   bench/heldout12/run.sh ARRAYLINT RESULTS
#
#   ARRAYLINT   the arraylint binary to measure (e.g. `go build -o /tmp/al ./cmd/arraylint`)
#   RESULTS     folder to write (created; must be empty or absent):
#                 files/<stratum>.files        the files `check --show-files` lists
#                 <setting>/<stratum>.json     check's JSON report (setting: default, large)
#                 <setting>/<stratum>.stderr   check's standard error (its summary line)
#                 <setting>/<stratum>.seconds  wall time of the check
#                 summary.tsv                  setting, stratum, repos, lines, checked lines,
#                                              rule, findings, findings per million checked lines
#   HELDOUT12   environment: the corpus root (default /work/heldout12), holding A-scale/
#
# It prints counts only, never a finding's text, file or line: the findings stay unseen until
# the review opens the JSON reports. Lines are the non-blank lines of the files `check
# --show-files` lists; checked lines leave out the files sizepolicy.TestCode calls test or
# benchmark code (path below the stratum folder), which the rules do not check by default.
set -euo pipefail
if [ $# -ne 2 ]; then
	sed -n '2,/^set -euo/{/^#/p}' "$0" >&2
	exit 2
fi
bin=$1 out=$2
root=${HELDOUT12:-/work/heldout12}
strata=(A-scale)
if [ ! -f "$bin" ] || [ ! -x "$bin" ]; then
	echo "run.sh: arraylint binary $bin: not an executable file" >&2
	exit 2
fi
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
for s in "${strata[@]}"; do
	if [ ! -d "$root/$s" ]; then
		echo "run.sh: corpus $root/$s: no such folder (set HELDOUT12 to the corpus root)" >&2
		exit 2
	fi
done
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
	echo "run.sh: results folder $out: not empty (give a new folder)" >&2
	exit 2
fi
mkdir -p "$out/files" "$out/default" "$out/large"
"$bin" version >"$out/version.txt"

for s in "${strata[@]}"; do
	(cd "$root" && "$bin" check --show-files "$s") >"$out/files/$s.files"
done
for setting in default large; do
	flags=()
	if [ "$setting" = large ]; then
		flags=(--scale large)
	fi
	for s in "${strata[@]}"; do
		start=$(date +%s.%N)
		# --exit-zero: findings are the measurement, not a failure; any other failure stops the run.
		if ! (cd "$root" && "$bin" check --exit-zero --select AL301,AL302,AL303,AL304 \
			--output-format json "${flags[@]}" "$s") >"$out/$setting/$s.json" 2>"$out/$setting/$s.stderr"; then
			echo "run.sh: check failed on $s ($setting); see $out/$setting/$s.stderr" >&2
			exit 1
		fi
		end=$(date +%s.%N)
		echo "$start $end" | awk '{printf "%.1f\n", $2 - $1}' >"$out/$setting/$s.seconds"
	done
done

python3 - "$root" "$out" "${strata[@]}" <<'EOF'
import json, os, sys

root, out, strata = sys.argv[1], sys.argv[2], sys.argv[3:]
rules = ["AL301", "AL302", "AL303", "AL304"]
# CORPUS.md's totals of checked non-blank lines, to catch a corpus that was rebuilt differently.
expected = {"A-scale": 151495}

def test_code(rel):
    # rules/internal/sizepolicy.TestCode, on the path below the stratum folder.
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

def per_million(n, lines):
    return n / lines * 1e6 if lines else 0.0

counts = {}
for setting in ("default", "large"):
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
    for setting in ("default", "large"):
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
    if root == "/work/heldout12" and checked != expected[s]:
        print("  warning: %s has %d checked lines, CORPUS.md says %d: the corpus differs" % (s, checked, expected[s]), file=sys.stderr)
for setting in ("default", "large"):
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
EOF
