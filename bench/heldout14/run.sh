#!/usr/bin/env bash
# bench/heldout14/run.sh: run the frozen arraylint binary on each repository of corpus.tsv, with the
# content cache off, at three settings, saving raw JSON under RESULTS/<setting>/<owner>+<name>.json:
#   default  check --exit-zero --select AL301,AL302,AL303,AL304 --output-format json
#   large    the same with --scale large
#   jax      check --exit-zero --select AL107,AL202,AL305,AL306,AL403 --output-format json
#
#   bench/heldout14/run.sh ARRAYLINT CANDIDATES RESULTS
set -euo pipefail
bin=$1 cand=$2 out=$3
list=$(dirname "$0")/corpus.tsv
export ARRAYLINT_NO_CACHE=1
mkdir -p "$out/default" "$out/large" "$out/jax"
"$bin" version >"$out/version.txt"
tail -n +2 "$list" | while IFS=$'\t' read -r repo path _; do
	name=${repo/\//+}
	(cd "$cand" && "$bin" check --exit-zero --select AL301,AL302,AL303,AL304 --output-format json "$path") >"$out/default/$name.json" 2>"$out/default/$name.stderr"
	(cd "$cand" && "$bin" check --exit-zero --select AL301,AL302,AL303,AL304 --output-format json --scale large "$path") >"$out/large/$name.json" 2>"$out/large/$name.stderr"
	(cd "$cand" && "$bin" check --exit-zero --select AL107,AL202,AL305,AL306,AL403 --output-format json "$path") >"$out/jax/$name.json" 2>"$out/jax/$name.stderr"
done
