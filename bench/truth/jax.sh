#!/usr/bin/env bash
# bench/truth/jax.sh: the JAX truth. Extracts the public functions of jax_public.tsv from their
# fetched repositories into CASES (default /work/truth-cases/jax; see jax_extract.py), then
# compares XLA's memory_analysis() with `arraylint mem --backend jax` for every case of
# jax_cases.py and jax_public.tsv at both sizes. Writes bench/truth/results/jax.md and jax.jsonl.
#
#   bench/truth/jax.sh                 # needs bench/truth/setup.sh np2 and the fetched repos
#   MIRROR=/work/.mirror CASES=/tmp/jaxcases bench/truth/jax.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
py=$here/.venv-np2/bin/python
[ -x "$py" ] || { echo "jax: run bench/truth/setup.sh np2 first" >&2; exit 1; }
cases=${CASES:-/work/truth-cases/jax}
mkdir -p "$here/results"
/usr/bin/python3 "$here/jax_extract.py" --mirror "${MIRROR:-/work/.mirror}" --out "$cases" "$here/jax_public.tsv"
bin=$(mktemp -d)/arraylint
go build -o "$bin" ./cmd/arraylint
"$py" "$here/jaxtruth.py" run --arraylint "$bin" --public "$here/jax_public.tsv" --cases "$cases" \
	--jsonl "$here/results/jax.jsonl" --out "$here/results/jax.md"
