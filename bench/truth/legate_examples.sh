#!/usr/bin/env bash
# bench/truth/legate_examples.sh: cuPyNumeric's examples under the real Legate runtime (CPU
# only) at the smallest SYSTEM_MEM pool arraylint says they fit in, and 1 MiB below it
# (legate_examples.py). The examples are nv-legate/cupynumeric's examples/ at the commit of
# bench/realprograms/manifest.tsv, extracted from MIRROR (the search tool's `fetch`) into
# EXAMPLES (default /work/truth-cases/legate/examples). Writes results/legate-examples.md.
#
#   bench/truth/setup.sh legate && bench/truth/legate_examples.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
. "$here/legate_env.sh"
examples=${EXAMPLES:-/work/truth-cases/legate/examples}
commit=cabe36402ac8e6c7750eba7f3cd57d58e9beb815
if [ ! -d "$examples" ]; then
	mkdir -p "$(dirname "$examples")"
	git --git-dir="${MIRROR:-/work/.mirror}/nv-legate+cupynumeric/repo" archive "$commit" examples |
		tar -x -C "$(dirname "$examples")"
fi
go build -o "$tmp/arraylint" ./cmd/arraylint
/usr/bin/python3 "$here/legate_examples.py" --arraylint "$tmp/arraylint" --legate "$venv/bin/legate" \
	--examples "$examples" --out "$here/results/legate-examples.md"
