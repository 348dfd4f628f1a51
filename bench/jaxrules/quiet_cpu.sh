#!/usr/bin/env bash
# Must-show 3 of issue 26 with two prebuilt binaries: (1) the JAX/CuPy rules' findings on the
# NumPy-only corpora (held-out 11 strata B and C, Debian's NumPy, SciPy, scikit-learn and
# scikit-image), expected 0 each; (2) `check --select ALL` user+sys CPU on Debian's four packages,
# NEW against OLD, runs interleaved (old, new, old, new, ...), RUNS each, medians and the ratio.
# The content cache is off (ARRAYLINT_NO_CACHE=1), so every run checks cold.
#
#   bench/jaxrules/quiet_cpu.sh [NEW_BIN] [OLD_BIN] [RUNS]
set -euo pipefail
new=${1:-/work/wt/al-76c34d8}
old=${2:-/work/wt/al-prejax}
runs=${3:-5}
codes=AL107,AL202,AL305,AL306,AL403
export ARRAYLINT_NO_CACHE=1
dist=/usr/lib/python3/dist-packages
pkgs=("$dist/numpy" "$dist/scipy" "$dist/sklearn" "$dist/skimage")
for d in /work/heldout11/B-programs /work/heldout11/C-libraries "${pkgs[@]}"; do
	[ -d "$d" ] || { echo "$d: missing"; continue; }
	n=$(cd "$d" && "$new" check --select "$codes" --output-format json --exit-zero . |
		python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
	f=$(find "$d" -name '*.py' | wc -l)
	echo "$d: $n findings of $codes ($f .py files)"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpu() { # BIN: user+sys seconds of one check --select ALL over the four packages
	/usr/bin/time -f '%U %S' -o "$tmp/t" "$1" check --select ALL --output-format concise --exit-zero "${pkgs[@]}" >/dev/null 2>&1
	awk '{print $1 + $2}' "$tmp/t"
}
for ((i = 0; i < runs; i++)); do
	cpu "$old" >>"$tmp/old"
	cpu "$new" >>"$tmp/new"
done
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
o=$(median <"$tmp/old")
n=$(median <"$tmp/new")
echo "old runs: $(tr '\n' ' ' <"$tmp/old")"
echo "new runs: $(tr '\n' ' ' <"$tmp/new")"
printf 'check --select ALL CPU (user+sys) on Debian numpy+scipy+sklearn+skimage, median of %d: old %.2f s, new %.2f s, new/old %.3f\n' \
	"$runs" "$o" "$n" "$(echo "$n / $o" | bc -l)"
