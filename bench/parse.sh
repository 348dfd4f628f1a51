#!/usr/bin/env bash
# Benchmark: pyparse against CPython's ast.parse on the same files in the same run.
#
#   bench/parse.sh [--full | CORPUS_DIR]
#
# The default corpus is the python3 standard library without site-packages (the corpus of
# ../shared/bench/README.md, about 1,800 files and 860k lines), copied to a temporary directory so
# that both parsers walk exactly the same files; --full uses the whole installation (site-packages
# included, about 11,700 files and 3.6M lines: several minutes).
#
# Prints lines/s for reading the files (median of 5), pyparse on one core (GOMAXPROCS=1, median
# of 5), pyparse with the garbage collector free to use the second core (median of 5) and
# ../shared/bench/parse_all.py (median of 3, wall time of the python3 process), and the ratios.
# The machine is shared and noisy: compare the ratios of one run, not figures across runs.
set -euo pipefail
cd "$(dirname "$0")/.."
parse_all=$PWD/../shared/bench/parse_all.py
[ -f "$parse_all" ] || { echo "parse.sh: $parse_all not found" >&2; exit 1; }
stdlib=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/parseall" ./bench/cmd/parseall

case "${1:-}" in
--full) corpus=$stdlib ;;
"")
	corpus=$tmp/stdlib
	mkdir "$corpus"
	(cd "$stdlib" && find . \( -name site-packages -o -name dist-packages \) -prune -o -name '*.py' -type f -print0 |
		xargs -0 cp --parents -t "$corpus")
	;;
*) corpus=$1 ;;
esac

# median N: the median of the numbers on stdin.
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
field() { tr ' ' '\n' | sed -n "s/^$1=//p"; }

echo "corpus: $corpus"
"$tmp/parseall" -read-only "$corpus" >/dev/null # warm the page cache
for _ in 1 2 3 4 5; do "$tmp/parseall" -read-only "$corpus"; done >"$tmp/read"
for _ in 1 2 3 4 5; do "$tmp/parseall" -maxprocs1 "$corpus"; done >"$tmp/one"
for _ in 1 2 3 4 5; do "$tmp/parseall" "$corpus"; done >"$tmp/two"
for _ in 1 2 3; do
	start=$(date +%s.%N)
	python3 "$parse_all" "$corpus" 2>"$tmp/py.err"
	end=$(date +%s.%N)
	echo "$start $end" | awk '{printf "%.3f\n", $2 - $1}'
done >"$tmp/py"

lines=$(head -1 "$tmp/one" | field lines)
files=$(head -1 "$tmp/one" | field files)
py_lines=$(field lines <"$tmp/py.err")
py_files=$(field files <"$tmp/py.err")
if [ "$lines" != "$py_lines" ] || [ "$files" != "$py_files" ]; then
	echo "parse.sh: corpus mismatch: pyparse saw $files files/$lines lines, parse_all.py $py_files/$py_lines" >&2
	exit 1
fi
read_s=$(field seconds <"$tmp/read" | median)
one_s=$(field seconds <"$tmp/one" | median)
two_s=$(field seconds <"$tmp/two" | median)
py_s=$(median <"$tmp/py")
echo "files=$files lines=$lines pyparse_errors=$(head -1 "$tmp/one" | field errors) $(cat "$tmp/py.err")"
awk -v l="$lines" -v r="$read_s" -v o="$one_s" -v t="$two_s" -v p="$py_s" 'BEGIN {
	printf "%-34s %8.3f s %12.0f lines/s\n", "read files (median of 5)", r, l / r
	printf "%-34s %8.3f s %12.0f lines/s\n", "pyparse, GOMAXPROCS=1 (median of 5)", o, l / o
	printf "%-34s %8.3f s %12.0f lines/s\n", "pyparse, GOMAXPROCS=2 (median of 5)", t, l / t
	printf "%-34s %8.3f s %12.0f lines/s\n", "CPython ast.parse (median of 3)", p, l / p
	printf "ratio pyparse/CPython: %.2fx on one core, %.2fx with GC on the second core\n", p / o, p / t
}'
