#!/usr/bin/env bash
# Benchmark: `arraylint check` of this working tree against a baseline revision, in one run, on
# the same corpus, runs alternating so load on the shared machine hits both alike.
#
#   bench/compare.sh [-n RUNS] [-a 'EXTRA CHECK ARGS'] BASE_REV CORPUS_DIR...
#
# e.g. bench/compare.sh -a '--target h100' fbf3725 /usr/lib/python3/dist-packages/{numpy,scipy,sklearn,skimage}
# Prints the median wall and CPU seconds of each binary, the ratio (this tree / base) and the
# peak RSS. Findings do not count as failure (exit status 1 is expected from check).
set -euo pipefail
export ARRAYLINT_NO_CACHE=1 # every timed run checks cold: the content cache would serve all but the first
cd "$(dirname "$0")/.."
runs=5 extra=""
while getopts "n:a:" o; do
	case $o in
	n) runs=$OPTARG ;;
	a) extra=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { sed -n '2,9p' "$0"; exit 2; }
base=$1
shift
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/base" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add -q --detach "$tmp/base" "$base"
(cd "$tmp/base" && go build -o "$tmp/arraylint-base" ./cmd/arraylint)
go build -o "$tmp/arraylint-head" ./cmd/arraylint
printf 'exclude = []\n' >"$tmp/bench.toml"
run() { # BIN: prints "wall cpu rss_kib"
	local t0 t1
	t0=$(date +%s.%N)
	# shellcheck disable=SC2086
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$1" check --config "$tmp/bench.toml" --output-format concise --exit-zero $extra "${@:2}" >/dev/null 2>"$tmp/err" ||
		{ echo "$1 failed:"; tail -3 "$tmp/err"; exit 1; }
	t1=$(date +%s.%N)
	read -r u s m <"$tmp/time"
	echo "$(echo "$t1 - $t0" | bc -l) $(echo "$u + $s" | bc -l) $m"
}
: >"$tmp/base.txt"
: >"$tmp/head.txt"
for ((i = 0; i < runs; i++)); do
	run "$tmp/arraylint-base" "$@" >>"$tmp/base.txt"
	run "$tmp/arraylint-head" "$@" >>"$tmp/head.txt"
done
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for b in base head; do
	w=$(cut -d' ' -f1 "$tmp/$b.txt" | median)
	c=$(cut -d' ' -f2 "$tmp/$b.txt" | median)
	m=$(cut -d' ' -f3 "$tmp/$b.txt" | sort -g | tail -1)
	printf '%-5s median wall %6.2f s  cpu %6.2f s  peak RSS %4d MiB\n' "$b" "$w" "$c" $((m / 1024))
	eval "${b}_w=$w ${b}_c=$c"
done
printf 'ratio head/base: wall %.2f  cpu %.2f (%s runs each, base %s, args: %s)\n' \
	"$(echo "$head_w / $base_w" | bc -l)" "$(echo "$head_c / $base_c" | bc -l)" "$runs" "$base" "${extra:-none}"
