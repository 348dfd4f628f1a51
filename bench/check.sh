#!/usr/bin/env bash
# Benchmark: `arraylint check` with every rule over the Python stdlib, side by side with CPython's
# ast.parse (../shared/bench/parse_all.py) and, when installed, Ruff's WebAssembly build with its
# NPY+PERF rules (npm install --prefix /tmp/peers @astral-sh/ruff-wasm-nodejs).
#
#   bench/check.sh [CORPUS_DIR]      default: the running python3's stdlib
#
# Prints lines/s of wall time and of CPU time (user+sys; median of 5 runs for arraylint, 3 for
# peers), ratios and peak RSS. The machine is shared and noisy: compare the ratios of one run, not
# absolute figures across runs; CPU time is less sensitive to other load than wall time, but
# arraylint uses every core while the peers use one.
set -euo pipefail
export ARRAYLINT_NO_CACHE=1 # every timed run checks cold: the content cache would serve all but the first
cd "$(dirname "$0")/.."
root=$PWD
corpus=${1:-$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')}
peers=${TOOLS_DIR:-/tmp/peers}
shared=$root/../shared/bench
runs=5
peer_runs=3

if [ ! -x /usr/bin/time ]; then
	SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get install -y --no-install-recommends time >/dev/null
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "building arraylint"
go build -o "$tmp/arraylint" ./cmd/arraylint

# The corpus is the stdlib without site-packages, as parse_all.py sees it.
printf 'exclude = ["site-packages", "dist-packages"]\n' >"$tmp/bench.toml"
read -r files lines < <(python3 - "$corpus" <<'PY'
import os, sys
files = lines = 0
for dp, dn, fn in os.walk(sys.argv[1]):
    dn[:] = [d for d in dn if d not in ("site-packages", "dist-packages")]
    for f in fn:
        if f.endswith(".py"):
            files += 1
            lines += open(os.path.join(dp, f), "rb").read().count(b"\n")
print(files, lines)
PY
)
echo "corpus: $corpus ($files files, $lines lines)"

# measure NAME N CMD...: runs CMD N times; records the median wall time and the peak RSS.
measure() {
	local name=$1 n=$2
	shift 2
	local times=() cpus=() rss=0
	for ((i = 0; i < n; i++)); do
		local t0 t1
		t0=$(date +%s.%N)
		/usr/bin/time -f '%M %U %S' -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/err" || {
			local st=$?
			if [ "$name" != arraylint ] || [ $st -ne 1 ]; then
				echo "$name failed (status $st):"; tail -5 "$tmp/err"; return 1
			fi
		}
		t1=$(date +%s.%N)
		times+=("$(echo "$t1 - $t0" | bc -l)")
		local r u s
		read -r r u s < <(tail -1 "$tmp/rss")
		((r > rss)) && rss=$r
		cpus+=("$(echo "$u + $s" | bc -l)")
	done
	local median
	median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	local cpu
	cpu=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	local lps
	lps=$(echo "$lines / $median" | bc -l)
	printf '%-22s median %6.2f s %9.0f lines/s | cpu %6.2f s %9.0f lines/cpu-s | peak RSS %4d MiB\n' \
		"$name" "$median" "$lps" "$cpu" "$(echo "$lines / $cpu" | bc -l)" $((rss / 1024))
	echo "$lps" >"$tmp/lps.$name"
}

command -v bc >/dev/null || { echo "bc is required"; exit 1; }

echo
measure arraylint $runs "$tmp/arraylint" check --select ALL --config "$tmp/bench.toml" --output-format concise "$corpus"
"$tmp/arraylint" check --select ALL --config "$tmp/bench.toml" --statistics --exit-zero "$corpus" | tail -3 | sed 's/^/    /'
measure "cpython ast.parse" $peer_runs python3 "$shared/parse_all.py" "$corpus"
if [ -d "$peers/node_modules/@astral-sh/ruff-wasm-nodejs" ]; then
	TOOLS_DIR=$peers measure "ruff-wasm npy-perf" $peer_runs node "$shared/ruff-wasm-lint.cjs" npy-perf "$corpus"
else
	echo "ruff-wasm npy-perf: not installed (npm install --prefix $peers @astral-sh/ruff-wasm-nodejs)"
fi

echo
a=$(cat "$tmp/lps.arraylint")
for peer in "cpython ast.parse" "ruff-wasm npy-perf"; do
	[ -f "$tmp/lps.$peer" ] || continue
	printf 'arraylint / %-20s %6.2fx\n' "$peer" "$(echo "$a / $(cat "$tmp/lps.$peer")" | bc -l)"
done
printf 'goal: >= 1000000 lines/s with every rule on, peak RSS < 500 MiB\n'
