#!/usr/bin/env bash
# The JAX rules say nothing on NumPy-only code: runs `arraylint check --select` the JAX rules'
# codes over Debian's NumPy, SciPy, scikit-learn and scikit-image and prints the findings per
# package (expected: 0 everywhere), then the CPU time (user+sys, median of 5) of `check` with
# every rule there, at this tree and at BASE (default: the merge base with main), to show the
# rules cost nothing on code without a jax import.
#
#   bench/jaxrules/numpy_quiet.sh [BASE]
set -euo pipefail
cd "$(dirname "$0")/../.."
codes=AL107,AL202,AL305,AL306,AL403
base=${1:-$(git merge-base HEAD main)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/new" ./cmd/arraylint
mkdir "$tmp/base" && git archive "$base" | tar -x -C "$tmp/base"
(cd "$tmp/base" && go build -o "$tmp/old" ./cmd/arraylint)
pkgs=(numpy scipy sklearn skimage)
for p in "${pkgs[@]}"; do
	d=/usr/lib/python3/dist-packages/$p
	[ -d "$d" ] || { echo "$p: not installed"; continue; }
	n=$("$tmp/new" check --select "$codes" "$d" 2>/dev/null | grep -cE ": AL(107|202|305|306|403) " || true)
	echo "$p: $n findings of $codes"
done
median() { sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
for p in "${pkgs[@]}"; do
	d=/usr/lib/python3/dist-packages/$p
	[ -d "$d" ] || continue
	for b in old new; do
		for _ in 1 2 3 4 5; do
			/usr/bin/time -f "%U %S" "$tmp/$b" check "$d" >/dev/null 2>"$tmp/t" || true
			tail -1 "$tmp/t" | awk '{print $1+$2}'
		done | median >"$tmp/$b.$p"
	done
	echo "$p: check CPU s, base $(cat "$tmp/old.$p"), this tree $(cat "$tmp/new.$p")"
done
