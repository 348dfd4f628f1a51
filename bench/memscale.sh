#!/usr/bin/env bash
# Benchmark: how the memory estimate's cost grows with the number of live arrays in one scope
# (memory.BenchmarkLiveArrays: 200 … 3,200 arrays kept alive, each allocation a new peak) and
# how long the language server's hover takes on such files after an edit
# (lsp.BenchmarkHoverLiveArrays: a fresh estimate per hover).
#
#   bench/memscale.sh [COUNT]     COUNT runs per size (default 5); prints medians
#
# For each doubling of n it prints the measured cost ratio next to the ratio n·log n predicts
# (about 2.2 at these sizes) and n² would (4): the series is the baseline for itself.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test ./memory -run '^$' -bench 'LiveArrays' -count "$count" >"$tmp/mem.txt"
go test ./lsp -run '^$' -bench 'HoverLiveArrays' -count "$count" >"$tmp/hover.txt"
report() {
	awk -v what="$1" '
	/^Benchmark/ {
		split($1, p, "/"); n = p[2]; sub(/-[0-9]+$/, "", n)
		v[n] = v[n] " " $3; c[n]++
		if (!(n in seen)) { seen[n] = 1; order[++k] = n }
	}
	END {
		printf "%s\n%8s %14s %10s %12s\n", what, "n", "median ms", "ratio", "n·log n"
		for (i = 1; i <= k; i++) {
			n = order[i]; m = split(substr(v[n], 2), a, " ")
			for (x = 1; x <= m; x++) for (y = x + 1; y <= m; y++) if (a[y] < a[x]) { t = a[x]; a[x] = a[y]; a[y] = t }
			med = (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
			if (i == 1) printf "%8d %14.2f\n", n, med / 1e6
			else printf "%8d %14.2f %10.2f %12.2f\n", n, med / 1e6, med / prev, (n * log(n)) / (pn * log(pn))
			prev = med; pn = n
		}
	}' "$2"
}
report "memory estimate, one scope with n live arrays" "$tmp/mem.txt"
echo
report "server hover after an edit, file with n live arrays" "$tmp/hover.txt"
