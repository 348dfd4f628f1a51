#!/usr/bin/env bash
# Benchmark: arraylint beside native Ruff, CPython's parser and the I/O floor, on the same files
# in one run (issue 27). Installs Ruff from PyPI at a pinned version into a virtual environment
# under bench/out/ (git-ignored), then runs, interleaved, RUNS times each:
#
#   arraylint     check --select ALL, every rule (no configuration but exclude = [])
#   ruff cold     ruff check --isolated --select NPY,PERF --no-cache
#   ruff cached   the same with its cache (warmed by one untimed run first)
#   ast.parse     CPython's ast.parse of every file in one process (the parse floor)
#   cat           reading every file (the I/O floor)
#
#   bench/peers.sh [CORPUS...]      default: Debian's numpy, scipy, sklearn and skimage
#
# Every tool gets the same list of *.py files (named on the command line, so neither tool's
# default excludes apply). Prints a Markdown table of the median wall and CPU (user + system)
# seconds, lines per second of each, peak RSS, and each tool's CPU and wall time over
# arraylint's. Both linters use every core; ast.parse and cat use one. RUNS (default 5) and
# RUFF_VERSION (default 0.17.5) come from the environment; BASE_REV (e.g. d3250f1) adds
# arraylint built at that revision as one more tool of the same interleaved runs. The machine
# may be shared: compare the ratios of one run, not absolute figures across runs.
set -euo pipefail
export ARRAYLINT_NO_CACHE=1 # every timed run checks cold: the content cache would serve all but the first
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
ruff_version=${RUFF_VERSION:-0.17.5}
if [ $# -eq 0 ]; then
	set -- /usr/lib/python3/dist-packages/{numpy,scipy,sklearn,skimage}
fi
for c in "$@"; do
	[ -e "$c" ] || { echo "peers.sh: no corpus $c" >&2; exit 2; }
done
if [ ! -x /usr/bin/time ]; then
	SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get install -y --no-install-recommends time >/dev/null
fi

venv=bench/out/peers-venv
if [ "$("$venv/bin/ruff" --version 2>/dev/null)" != "ruff $ruff_version" ]; then
	echo "installing ruff $ruff_version into $venv" >&2
	python3 -m venv "$venv"
	"$venv/bin/pip" install --quiet "ruff==$ruff_version"
fi
ruff=$PWD/$venv/bin/ruff

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/arraylint" ./cmd/arraylint
base_rev=${BASE_REV:-}
if [ -n "$base_rev" ]; then
	mkdir "$tmp/base"
	git archive "$base_rev" | tar -x -C "$tmp/base"
	(cd "$tmp/base" && go build -o "$tmp/arraylint-base" ./cmd/arraylint)
fi
printf 'exclude = []\n' >"$tmp/bench.toml"
find "$@" -name '*.py' -type f | sort >"$tmp/files"
mapfile -t files <"$tmp/files"
nfiles=${#files[@]}
lines=$(cat "${files[@]}" | wc -l)
cat >"$tmp/parse.py" <<'PY'
import ast, sys, warnings
warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes
for path in sys.argv[1:]:
    try:
        ast.parse(open(path, "rb").read(), path)
    except (SyntaxError, ValueError):
        pass
PY

tools=(arraylint ruff-cold ruff-cached ast.parse cat)
if [ -n "$base_rev" ]; then
	tools=(arraylint "arraylint@$base_rev" ruff-cold ruff-cached ast.parse cat)
fi
# measure TOOL: runs it once over the files (output discarded) and appends "wall cpu rss_kib" to
# $tmp/res-TOOL.
measure() {
	local cmd
	case $1 in
	arraylint) cmd=("$tmp/arraylint" check --config "$tmp/bench.toml" --select ALL --exit-zero --quiet) ;;
	arraylint@*) cmd=("$tmp/arraylint-base" check --config "$tmp/bench.toml" --select ALL --exit-zero --quiet) ;;
	ruff-cold) cmd=("$ruff" check --isolated --select NPY,PERF --no-cache --exit-zero --quiet) ;;
	ruff-cached) cmd=("$ruff" check --isolated --select NPY,PERF --cache-dir "$tmp/ruff-cache" --exit-zero --quiet) ;;
	ast.parse) cmd=(python3 "$tmp/parse.py") ;;
	cat) cmd=(cat) ;;
	esac
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "${cmd[@]}" "${files[@]}" >/dev/null 2>"$tmp/err" ||
		{ echo "peers.sh: $1 failed:" >&2; tail -3 "$tmp/err" >&2; exit 1; }
	read -r w u s m <"$tmp/time"
	echo "$w $(echo "$u + $s" | bc -l) $m" >>"$tmp/res-$1"
}
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

echo "corpus: $* — $nfiles files, $lines lines; ruff $ruff_version, $(python3 --version), $runs runs interleaved" >&2
measure ruff-cached # warms the cache; rerun below
: >"$tmp/res-ruff-cached"
for ((r = 0; r < runs; r++)); do
	for t in "${tools[@]}"; do
		measure "$t"
	done
done

al_wall=$(cut -d' ' -f1 "$tmp/res-arraylint" | median)
al_cpu=$(cut -d' ' -f2 "$tmp/res-arraylint" | median)
echo
echo "$nfiles files, $lines lines ($*); medians of $runs interleaved runs"
echo
echo "| Tool | Wall s | CPU s | Lines/s (wall) | Lines per CPU-s | Peak RSS MiB | CPU / arraylint | Wall / arraylint |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for t in "${tools[@]}"; do
	w=$(cut -d' ' -f1 "$tmp/res-$t" | median)
	c=$(cut -d' ' -f2 "$tmp/res-$t" | median)
	m=$(cut -d' ' -f3 "$tmp/res-$t" | sort -g | tail -1)
	printf '| %s | %.2f | %.2f | %s | %s | %d | %.2f | %.2f |\n' "$t" "$w" "$c" \
		"$(echo "$lines / ($w + 0.0001)" | bc)" "$(echo "$lines / ($c + 0.0001)" | bc)" $((m / 1024)) \
		"$(echo "$c / $al_cpu" | bc -l)" "$(echo "$w / $al_wall" | bc -l)"
done
rc_wall=$(cut -d' ' -f1 "$tmp/res-ruff-cold" | median)
rc_cpu=$(cut -d' ' -f2 "$tmp/res-ruff-cold" | median)
echo
printf 'arraylint / ruff-cold (NPY,PERF, --no-cache): %.1fx the CPU, %.1fx the wall time\n' \
	"$(echo "$al_cpu / ($rc_cpu + 0.0001)" | bc -l)" "$(echo "$al_wall / ($rc_wall + 0.0001)" | bc -l)"
if [ -n "$base_rev" ]; then
	b_cpu=$(cut -d' ' -f2 "$tmp/res-arraylint@$base_rev" | median)
	b_wall=$(cut -d' ' -f1 "$tmp/res-arraylint@$base_rev" | median)
	printf 'arraylint@%s / arraylint (this tree): %.2fx the CPU, %.2fx the wall time\n' "$base_rev" \
		"$(echo "$b_cpu / ($al_cpu + 0.0001)" | bc -l)" "$(echo "$b_wall / ($al_wall + 0.0001)" | bc -l)"
fi
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
