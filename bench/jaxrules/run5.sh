#!/usr/bin/env bash
# bench/jaxrules/run5.sh: check the fifth JAX corpus, large-model training (RULE5.md; corpus5.tsv lists
# it, one stratum: training) with the five JAX/CuPy rules AL107, AL202, AL305, AL306
# (a preview rule: --select makes it run) and AL403 — with --preview as well when the binary has
# that flag — at the default settings otherwise, one JSON report; then the counts per
# rule and stratum with findings per million checked lines (count5.py) and the review sheets
# (sheet5.py). The content cache is off (ARRAYLINT_NO_CACHE=1): every file is analysed afresh.
#
#   bench/jaxrules/run5.sh ARRAYLINT RESULTS
#
#   ARRAYLINT   the arraylint binary to measure (e.g. `go build -o /tmp/al ./cmd/arraylint`)
#   RESULTS     folder to write (created; must be empty or absent):
#                 version.txt, flags.txt             the binary's version and the flags check got
#                 files/<stratum>.files              the files `check --show-files` lists
#                 <stratum>.json                     check's JSON report
#                 <stratum>.stderr, <stratum>.seconds  its standard error and wall time
#                 summary.tsv                        count5.py's figures per stratum and repository
#                 review/<stratum>.tsv               sheet5.py's review sheets (one line a finding)
#   CORPUS5_TSV environment: another corpus table of corpus5.tsv's form (default corpus5.tsv beside
#               this script), e.g. to try the script on a small corpus of fixtures
#   JAXCORPUS5  environment: the corpus root (default /work/jaxcorpus5), holding training/
#               with one <owner>+<name> folder a repository (select5/extract5.sh
#               rebuilds it from the snapshots)
#
# It prints counts only, never a finding's text, file or line: the findings stay unseen until the
# review opens the reports or the sheets. Findings in test code (analyzer.TestCode below the
# repository folder; AL107 keeps quiet there by default, the other rules do not) stay in the JSON
# and the sheets, marked, and are left out of every figure, as their lines are.
set -euo pipefail
if [ $# -ne 2 ]; then
	sed -n '2,/^set -euo/{/^#/p}' "$0" >&2
	exit 2
fi
bin=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
root=${JAXCORPUS5:-/work/jaxcorpus5}
strata=(training)
codes=AL107,AL202,AL305,AL306,AL403
export ARRAYLINT_NO_CACHE=1 PYTHONDONTWRITEBYTECODE=1 # no cache, no __pycache__ left in the tree
if [ ! -f "$bin" ] || [ ! -x "$bin" ]; then
	echo "run5.sh: arraylint binary $bin: not an executable file" >&2
	exit 2
fi
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
for s in "${strata[@]}"; do
	if [ ! -d "$root/$s" ]; then
		echo "run5.sh: corpus $root/$s: no such folder (set JAXCORPUS5 to the corpus root)" >&2
		exit 2
	fi
done
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
	echo "run5.sh: results folder $out: not empty (give a new folder)" >&2
	exit 2
fi
mkdir -p "$out/files"
out=$(cd "$out" && pwd)
"$bin" version >"$out/version.txt"
flags=(--select "$codes" --output-format json --exit-zero)
if "$bin" check --help 2>&1 | grep -q -- '-preview'; then
	flags+=(--preview)
fi
echo "${flags[*]}" >"$out/flags.txt"

for s in "${strata[@]}"; do
	(cd "$root" && "$bin" check --show-files "$s") >"$out/files/$s.files"
done
for s in "${strata[@]}"; do
	start=$(date +%s.%N)
	# --exit-zero: findings are the measurement, not a failure; any other failure stops the run.
	if ! (cd "$root" && "$bin" check "${flags[@]}" "$s") >"$out/$s.json" 2>"$out/$s.stderr"; then
		echo "run5.sh: check failed on $s; see $out/$s.stderr" >&2
		exit 1
	fi
	end=$(date +%s.%N)
	echo "$start $end" | awk '{printf "%.1f\n", $2 - $1}' >"$out/$s.seconds"
done

JAXCORPUS5=$root python3 "$here/count5.py" "${CORPUS5_TSV:-$here/corpus5.tsv}" "$out"
(cd "$here" && python3 sheet5.py "$out")
echo "review sheets: $out/review/ (for the review; do not open before it)"
