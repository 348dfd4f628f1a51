#!/usr/bin/env bash
# Benchmark: the content cache of `check`. On a copy of Debian's numpy, scipy, sklearn and
# skimage sources (a project: a pyproject.toml at the copy's root, so imports between the packages
# are followed as project modules), it runs, interleaved RUNS times:
#
#   cold     check with an empty cache directory
#   cached   check again, nothing changed
#
# and prints the median CPU seconds (user+sys) of each and their ratio. Then it touches one file
# (appends a comment to FILE) and checks again: the run must re-check only that file and the
# files whose entries list it among the modules they followed (counted from the cache entries
# before the touch), and it prints both counts. Finally it compares the output of a cold, a cached
# and a --no-cache run byte for byte.
#
#   bench/cache.sh                   defaults: RUNS=3, ARGS="--select ALL --target h100",
#                                    FILE=sklearn/utils/validation.py
#
# No timed assertion: it reports. Needs python3-numpy, -scipy, -sklearn, -skimage (Debian).
set -euo pipefail
unset ARRAYLINT_NO_CACHE
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
args=${ARGS:---select ALL --target h100}
file=${FILE:-sklearn/utils/validation.py}
src=${CORPUS:-/usr/lib/python3/dist-packages}

if [ ! -x /usr/bin/time ]; then
	SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get install -y --no-install-recommends time >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "building arraylint"
go build -o "$tmp/arraylint" ./cmd/arraylint

mkdir "$tmp/corpus"
(cd "$src" && find numpy scipy sklearn skimage -name '*.py' -print0 | tar --null -T - -cf -) | tar -C "$tmp/corpus" -xf -
printf '[project]\nname = "corpus"\n' >"$tmp/corpus/pyproject.toml"
read -r nfiles nlines < <(find "$tmp/corpus" -name '*.py' -print0 | xargs -0 cat | wc -l | { read -r l; echo "$(find "$tmp/corpus" -name '*.py' | wc -l) $l"; })
echo "corpus: $nfiles files, $nlines lines; check $args"

cache=$tmp/cache
export ARRAYLINT_CACHE_DIR=$cache
# cpu RUN_NAME: runs check, appends user+sys seconds to $tmp/RUN_NAME, keeps stderr's cache line.
cpu() {
	local name=$1
	shift
	(cd "$tmp/corpus" && /usr/bin/time -f '%U %S' -o "$tmp/time" "$tmp/arraylint" check $args --output-format json --exit-zero --timings "$@" . >"$tmp/$name.json" 2>"$tmp/$name.err")
	awk '{print $1 + $2}' "$tmp/time" >>"$tmp/$name.cpu"
	grep '^cache:' "$tmp/$name.err" || true
}
median() { sort -g "$1" | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

for i in $(seq "$runs"); do
	rm -rf "$cache"
	printf 'run %d cold:   ' "$i"; cpu cold
	printf 'run %d cached: ' "$i"; cpu cached
done
cold=$(median "$tmp/cold.cpu")
cached=$(median "$tmp/cached.cpu")
echo
printf 'median CPU (user+sys): cold %.2f s, cached %.2f s: %.1fx less with the cache\n' "$cold" "$cached" "$(echo "$cold / $cached" | bc -l)"

# Touch one file: it and the files that followed it are checked again, nothing else.
abs=$(cd "$tmp/corpus" && realpath "$file")
followers=$({ grep -rlF "\"path\":\"$abs\",\"read\":true" "$cache" || true; } | wc -l)
echo "# touched by bench/cache.sh" >>"$tmp/corpus/$file"
printf 'after touching %s: ' "$file"; cpu touched
misses=$(sed -n 's/^cache: [0-9]* hits, \([0-9]*\) misses.*/\1/p' "$tmp/touched.err")
echo "re-checked $misses files: the touched file and $followers whose cache entries list it as a followed module (expected $((followers + 1)))"
printf 'touched run CPU %.2f s\n' "$(cat "$tmp/touched.cpu")"

# Byte-identical output: cold, cached and --no-cache.
rm -rf "$cache"
cpu same-cold >/dev/null
cpu same-cached >/dev/null
cpu same-nocache --no-cache >/dev/null
if cmp -s "$tmp/same-cold.json" "$tmp/same-cached.json" && cmp -s "$tmp/same-cold.json" "$tmp/same-nocache.json"; then
	echo "output of cold, cached and --no-cache runs: byte-identical ($(wc -c <"$tmp/same-cold.json") bytes)"
else
	echo "output of cold, cached and --no-cache runs: DIFFERENT"
	exit 1
fi
