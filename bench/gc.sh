#!/usr/bin/env bash
# Benchmark: what the batch commands' garbage-collector setting (cmd/arraylint/check.go tuneGC:
# GOGC 400 under a soft limit of twice driver.FileMemoryBudget) costs and saves, against Go's
# defaults (GOGC=100, no limit), on the same binary in one interleaved run.
#
#   bench/gc.sh [-n RUNS] CORPUS_DIR...
#
# Prints the median CPU seconds (user+sys), wall seconds and peak RSS of `check --select ALL` per
# setting, and the ratios (batch / Go defaults).
set -euo pipefail
export ARRAYLINT_NO_CACHE=1
cd "$(dirname "$0")/.."
runs=5
while getopts "n:" o; do
	case $o in
	n) runs=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { sed -n '2,9p' "$0"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/arraylint" ./cmd/arraylint
printf 'exclude = []\n' >"$tmp/bench.toml"
run() { # NAME ENV...: appends "cpu wall rss_kib" to $tmp/NAME
	local name=$1 t0 t1
	shift
	t0=$(date +%s.%N)
	env "$@" /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$tmp/arraylint" check --config "$tmp/bench.toml" \
		--select ALL --output-format concise --exit-zero "${paths[@]}" >/dev/null 2>"$tmp/err" ||
		{ echo "check failed:"; tail -3 "$tmp/err"; exit 1; }
	t1=$(date +%s.%N)
	read -r u s m <"$tmp/time"
	echo "$(echo "$u + $s" | bc -l) $(echo "$t1 - $t0" | bc -l) $m" >>"$tmp/$name"
}
paths=("$@")
for _ in $(seq "$runs"); do
	run defaults GOGC=100 GOMEMLIMIT=off
	run batch
done
median() { sort -n | awk '{v[NR]=$1} END{print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
printf '%-9s %9s %9s %12s\n' setting cpu_s wall_s peak_rss_MiB
for n in defaults batch; do
	printf '%-9s %9.2f %9.2f %12.0f\n' "$n" "$(cut -d' ' -f1 "$tmp/$n" | median)" \
		"$(cut -d' ' -f2 "$tmp/$n" | median)" "$(cut -d' ' -f3 "$tmp/$n" | median | awk '{print $1/1024}')"
done
awk -v a="$(cut -d' ' -f1 "$tmp/defaults" | median)" -v b="$(cut -d' ' -f1 "$tmp/batch" | median)" \
	-v ra="$(cut -d' ' -f3 "$tmp/defaults" | median)" -v rb="$(cut -d' ' -f3 "$tmp/batch" | median)" \
	'BEGIN{printf "ratio batch/defaults: cpu %.2f, peak rss %.2f\n", b/a, rb/ra}'
