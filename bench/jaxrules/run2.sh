#!/usr/bin/env bash
# Runs an arraylint build over the second JAX/CuPy precision corpus (corpus2.tsv, chosen by
# RULE2.md) with the default configuration and the five JAX/CuPy rules only, one JSON document per
# repository, then the counts (count.py --skip-tests: findings in test code — a tests/ or test/
# directory anywhere, or a test_*.py file — are left out of the figures, as their lines are left
# out of corpus2.tsv's py_lines_outside_tests; the JSON keeps them for the review).
# The checkouts live outside the repository, under CORPUS_DIR, one folder per repository named
# owner+name (`git archive HEAD -- '*.py'` of the fetched snapshot; statgpu holds statgpu/ only).
#
#   bench/jaxrules/run2.sh BINARY OUT_DIR [CORPUS_DIR]
#
# CORPUS_TSV (environment) names another corpus table of the same form, e.g. to try the script on
# one repository of the first corpus; the per-finding TSV is written to OUT_DIR/results.tsv.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: run2.sh BINARY OUT_DIR [CORPUS_DIR]}
out=${2:?usage: run2.sh BINARY OUT_DIR [CORPUS_DIR]}
corpus=${3:-/work/jaxcorpus2}
table=${CORPUS_TSV:-$here/corpus2.tsv}
codes=AL107,AL202,AL305,AL306,AL403
[ -x "$bin" ] || { echo "run2: binary $bin: not executable" >&2; exit 1; }
[ -f "$table" ] || { echo "run2: corpus table $table: not found" >&2; exit 1; }
export ARRAYLINT_NO_CACHE=1
mkdir -p "$out"
tail -n +2 "$table" | cut -f1 | while read -r repo; do
	dir=$corpus/${repo/\//+}
	[ -d "$dir" ] || { echo "run2: checkout $dir: missing" >&2; exit 1; }
	# the checkout is the working directory, so paths in the findings are repository-relative
	(cd "$dir" && "$bin" check --select "$codes" --output-format json --exit-zero .) >"$out/${repo/\//+}.json"
done
python3 "$here/count.py" "$table" "$out" --skip-tests --results-tsv "$out/results.tsv"
