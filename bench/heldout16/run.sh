#!/usr/bin/env bash
# bench/heldout16/run.sh: check the sixteenth held-out corpus (three strata: A-scale, code written
# for scale; B-programs, array programs and benchmarks; C-libraries, NumPy libraries) with
# AL301-AL304, at the default settings and at --scale large, count the findings per rule and
# stratum with their volume per million checked lines, and write the review sheets. The corpus is
# the one RULE.md chose and CORPUS.md lists, extracted outside the repository (README.md says how
# to rebuild it). The content cache is off (ARRAYLINT_NO_CACHE=1): every file is analysed afresh.
#
#   bench/heldout16/run.sh ARRAYLINT RESULTS
#
#   ARRAYLINT   the arraylint binary to measure (e.g. `go build -o /tmp/al ./cmd/arraylint`)
#   RESULTS     folder to write (created; must be empty or absent):
#                 files/<stratum>.files          the files `check --show-files` lists
#                 <setting>/<stratum>.json       check's JSON report (setting: default, large)
#                 <setting>/<stratum>.stderr     check's standard error
#                 <setting>/<stratum>.seconds    wall time of the check
#                 summary.tsv                    setting, stratum, repos, lines, checked lines,
#                                                rule, findings, findings per million checked lines
#                 review/<setting>-<stratum>.tsv the review sheets (../heldoutlib/sheet.py): one line a finding
#                                                with file:line, rule, message and an empty verdict
#   HELDOUT16   environment: the corpus root (default /work/heldout16), holding the three strata
#
# It prints counts only, never a finding's text, file or line: the findings stay unseen until the
# review opens the JSON reports or the sheets. Lines are the non-blank lines of the files `check
# --show-files` lists; checked lines leave out the files sizepolicy.TestCode calls test or
# benchmark code (path below the stratum folder), which the rules do not check by default.
set -euo pipefail
if [ $# -ne 2 ]; then
	sed -n '2,/^set -euo/{/^#/p}' "$0" >&2
	exit 2
fi
bin=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
root=${HELDOUT16:-/work/heldout16}
strata=(A-scale B-programs C-libraries)
export ARRAYLINT_NO_CACHE=1
if [ ! -f "$bin" ] || [ ! -x "$bin" ]; then
	echo "run.sh: arraylint binary $bin: not an executable file" >&2
	exit 2
fi
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
for s in "${strata[@]}"; do
	if [ ! -d "$root/$s" ]; then
		echo "run.sh: corpus $root/$s: no such folder (set HELDOUT16 to the corpus root)" >&2
		exit 2
	fi
done
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
	echo "run.sh: results folder $out: not empty (give a new folder)" >&2
	exit 2
fi
mkdir -p "$out/files" "$out/default" "$out/large"
out=$(cd "$out" && pwd)
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

python3 "$here/../heldoutlib/count.py" "$here/expected.json" "$root" "$out" "${strata[@]}"
python3 "$here/../heldoutlib/sheet.py" "$out" "${strata[@]}"
echo "review sheets: $out/review/ (for the review; do not open before it)"
