#!/usr/bin/env bash
# Benchmark: the cost of one large file (issue 14). Generates a module of 160,000 small functions
# (7.6 MB) and a 60 MB module of the same functions (bench/cmd/gencost), then measures
#   - arraylint check, check --target h100 and mem --target h100 on the 160,000 functions
#     (goal: check < 2 s)
#   - arraylint check on the 60 MB file (over analyzer.MaxFileSize: refused before parsing)
#   - the baselines of the same run: CPython's ast.parse of the 160,000 functions (of the 60 MB
#     file too with PY60=1: it needs about 11 GiB and two minutes) and, when REV is given,
#     the same commands with arraylint built from that git revision (e.g. the commit before the
#     fixes; its 60 MB run is cut off after BASE_TIMEOUT seconds, default 900)
#
#   bench/cost.sh [REV]        RUNS=5 by default
#
# Prints the median wall time, the median CPU time (user+sys) and the largest peak RSS of RUNS
# runs (one run for the baseline's 60 MB file). The machine is shared: wall time depends on its
# load (printed at the end); CPU time much less. The Go benchmarks of bench/cost show how the
# cost grows with the number of functions:
#   go test -run '^$' -bench . -benchtime 3x ./bench/cost
set -euo pipefail
export ARRAYLINT_NO_CACHE=1 # every timed run checks cold: the content cache would serve all but the first
cd "$(dirname "$0")/.."
rev=${1:-}
runs=${RUNS:-5}
base_timeout=${BASE_TIMEOUT:-900}
command -v bc >/dev/null || { echo "cost.sh: bc is required" >&2; exit 1; }
if [ ! -x /usr/bin/time ]; then
	SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get install -y --no-install-recommends time >/dev/null
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/arraylint" ./cmd/arraylint
go build -o "$tmp/gencost" ./bench/cmd/gencost
if [ -n "$rev" ]; then
	mkdir "$tmp/base"
	git archive "$rev" | tar -x -C "$tmp/base"
	(cd "$tmp/base" && go build -o "$tmp/arraylint-base" ./cmd/arraylint)
fi
"$tmp/gencost" -functions 160000 "$tmp/f160k.py"
"$tmp/gencost" -bytes 60000000 "$tmp/f60m.py"
for f in f160k f60m; do
	printf '%s: %s bytes, %s lines\n' "$f.py" "$(wc -c <"$tmp/$f.py")" "$(wc -l <"$tmp/$f.py")"
done
cat >"$tmp/astparse.py" <<'PY'
import ast, sys
ast.parse(open(sys.argv[1], "rb").read(), sys.argv[1])
PY

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# measure NAME N CMD...: runs CMD N times (exit status 0 or 1: findings are not failures; 124:
# cut off by timeout) and prints the median wall and CPU time and the largest peak RSS.
measure() {
	local name=$1 n=$2
	shift 2
	: >"$tmp/walls"
	: >"$tmp/cpus"
	local rss=0 note=""
	for ((i = 0; i < n; i++)); do
		local st=0
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" || st=$?
		case $st in
		0 | 1) ;;
		124) note=" (cut off after ${base_timeout} s)" ;;
		*) echo "$name failed (status $st):"; tail -3 "$tmp/err"; return ;;
		esac
		local e u s r
		read -r e u s r < <(tail -1 "$tmp/time")
		echo "$e" >>"$tmp/walls"
		echo "$u + $s" | bc -l >>"$tmp/cpus"
		((r > rss)) && rss=$r
	done
	printf '%-40s wall %7.2f s  cpu %7.2f s  peak RSS %6d MiB%s\n' "$name" \
		"$(median <"$tmp/walls")" "$(median <"$tmp/cpus")" $((rss / 1024)) "$note"
}

echo "== 160,000 functions"
measure "arraylint check" "$runs" "$tmp/arraylint" check "$tmp/f160k.py"
measure "arraylint check --target h100" "$runs" "$tmp/arraylint" check --target h100 "$tmp/f160k.py"
measure "arraylint mem --target h100" "$runs" "$tmp/arraylint" mem --target h100 "$tmp/f160k.py"
measure "CPython ast.parse" "$runs" python3 "$tmp/astparse.py" "$tmp/f160k.py"
if [ -n "$rev" ]; then
	measure "$rev: arraylint check" "$runs" timeout "$base_timeout" "$tmp/arraylint-base" check "$tmp/f160k.py"
	measure "$rev: arraylint check --target h100" 1 timeout "$base_timeout" "$tmp/arraylint-base" check --target h100 "$tmp/f160k.py"
	measure "$rev: arraylint mem --target h100" 1 timeout "$base_timeout" "$tmp/arraylint-base" mem --target h100 "$tmp/f160k.py"
fi
echo "== 60 MB"
measure "arraylint check" "$runs" "$tmp/arraylint" check "$tmp/f60m.py"
"$tmp/arraylint" check "$tmp/f60m.py" | sed -n 's/^[^:]*: */  finding: /p' | head -1 || true
if [ -n "${PY60:-}" ]; then
	measure "CPython ast.parse" 1 python3 "$tmp/astparse.py" "$tmp/f60m.py"
fi
if [ -n "$rev" ]; then
	measure "$rev: arraylint check" 1 timeout "$base_timeout" "$tmp/arraylint-base" check "$tmp/f60m.py"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (wall times above are noisy under load)"
