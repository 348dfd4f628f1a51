#!/usr/bin/env bash
# bench/workermem.sh: peak memory and CPU of `check --jobs 4` on four large files at once.
#
# Writes four files of N bytes (default 8,400,000, just under the 8.5 MiB file limit) of `x=1`
# lines, the source with the most live heap per byte measured (158 bytes), and runs
# `/usr/bin/time -v arraylint check --jobs 4` on them RUNS times (default 3), printing the
# median of the maximum resident set size and of the CPU time (user + system).
#
# Files start only when their estimated memory fits beside the others' (analyzer.Runner.Admit,
# 1 GiB together, or one file alone): these four run one after the other. Before, they ran
# at once and held 5.7-6.5 GiB, with 40-69 s of CPU (the collector thrashing) against 7 s each
# alone; the bound asked for is 2.5 GiB.
#
#   bench/workermem.sh
#   N=4000000 RUNS=5 bench/workermem.sh
set -euo pipefail
export ARRAYLINT_NO_CACHE=1 # every timed run checks cold: the content cache would serve all but the first
cd "$(dirname "$0")/.."
n=${N:-8400000}
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/arraylint" ./cmd/arraylint
for i in 0 1 2 3; do
	python3 -c "import sys; sys.stdout.write('x=1\n' * ($n // 4))" >"$tmp/x$i.py"
done
for ((r = 0; r < runs; r++)); do
	(cd "$tmp" && /usr/bin/time -v ./arraylint check --jobs 4 x0.py x1.py x2.py x3.py >/dev/null 2>"$tmp/time.$r" || true)
	awk -F': ' '/Maximum resident/ { rss = $2 } /User time/ { u = $2 } /System time/ { s = $2 }
		END { printf "%d %.2f\n", rss, u + s }' "$tmp/time.$r" >>"$tmp/runs"
done
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
rss=$(cut -d' ' -f1 "$tmp/runs" | median)
cpu=$(cut -d' ' -f2 "$tmp/runs" | median)
awk -v n="$n" -v rss="$rss" -v cpu="$cpu" -v runs="$runs" 'BEGIN {
	printf "check --jobs 4 on four %d-byte files of x=1: median max RSS %.2f GiB, median CPU %.1f s (%d runs)\n",
		n, rss / 1048576, cpu, runs
}'
