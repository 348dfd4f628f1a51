#!/usr/bin/env bash
# Runs the frozen arraylint build over the JAX/CuPy precision corpus (corpus.tsv) with the
# default configuration and the five JAX/CuPy rules only, one JSON document per repository,
# then the counts (count.py). The checkouts live outside the repository, under CORPUS_DIR,
# one folder per repository named owner+name (fetched snapshots, `git archive HEAD -- '*.py'`).
#
#   bench/jaxrules/run.sh [BINARY] [CORPUS_DIR] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-/work/wt/al-76c34d8}
corpus=${2:-/work/jaxcorpus}
out=${3:-$here/results}
codes=AL107,AL202,AL305,AL306,AL403
export ARRAYLINT_NO_CACHE=1
mkdir -p "$out"
tail -n +2 "$here/corpus.tsv" | cut -f1 | while read -r repo; do
	dir=$corpus/${repo/\//+}
	[ -d "$dir" ] || { echo "run: missing checkout $dir" >&2; exit 1; }
	# the directory is the working directory, so paths in the findings are repository-relative
	(cd "$dir" && "$bin" check --select "$codes" --output-format json --exit-zero .) >"$out/${repo/\//+}.json"
done
python3 "$here/count.py" "$here/corpus.tsv" "$out"
