#!/usr/bin/env bash
# Benchmark: how the cost of reading a configuration grows with its size
# (analyzer.BenchmarkConfigScale): a table header and a dotted key of 10,000, 100,000 and
# 1,000,000 segments (`[a.a.a…]`, `a.a.a… = 1`), and a [per-file-ignores] table of as many
# entries. A pyproject.toml in an untrusted pull request can be any of these.
#
#   bench/configscale.sh [COUNT]     COUNT runs per size (default 5); prints medians
#
# For each ×10 in size it prints the ratio of the median CPU times (user and system, the
# collector's included; wall time on a shared machine says more about the neighbours): 10 is
# linear. Before the
# decoder of analyzer/driver/config_tomldecode.go and the key-line tree of config_toml.go, 10,000
# segments of a header took 3.6 s and 100,000 entries of per-file-ignores 42 s (quadratic).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test ./analyzer/driver -run '^$' -bench 'ConfigScale' -benchtime 1x -benchmem -count "$count" >"$tmp/out.txt"
awk '
/^BenchmarkConfigScale/ {
	split($1, p, "/"); shape = p[2]; n = p[3]; sub(/-[0-9]+$/, "", n)
	key = shape " " n
	for (f = 4; f <= NF; f++) {
		if ($f == "cpu-ns/op") c = $(f - 1)
		if ($f == "B/op") b = $(f - 1)
	}
	v[key] = v[key] " " c; mem[key] = b
	if (!(key in seen)) { seen[key] = 1; order[++k] = key }
}
END {
	printf "%-18s %10s %14s %8s %12s\n", "shape", "n", "median CPU ms", "ratio", "MB/op"
	for (i = 1; i <= k; i++) {
		key = order[i]; split(key, kn, " ")
		m = split(substr(v[key], 2), a, " ")
		for (x = 1; x <= m; x++) for (y = x + 1; y <= m; y++) if (a[y] < a[x]) { t = a[x]; a[x] = a[y]; a[y] = t }
		med = (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
		ratio = (kn[1] == prevShape && prev > 0) ? sprintf("%.1f", med / prev) : "-"
		printf "%-18s %10s %14.1f %8s %12.1f\n", kn[1], kn[2], med / 1e6, ratio, mem[key] / 1e6
		prev = med; prevShape = kn[1]
	}
}' "$tmp/out.txt"
