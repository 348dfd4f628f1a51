#!/usr/bin/env bash
# bench/precision-round2.sh: run the round-2 rules (AL103 AL104 AL105 AL106 AL201 AL401 AL402)
# over Debian's NumPy, SciPy, scikit-learn and scikit-image sources, and over a directory of
# other checkouts (CORPUS, e.g. jax, cupynumeric, maxtext, tokamax, cupy), with no target and
# with the targets that wake the target-dependent rules. Every finding is printed for review;
# bench/precision-round2.md holds the verdicts.
#
#   bench/precision-round2.sh                    # Debian packages only (installed beforehand)
#   CORPUS=/tmp/corpus bench/precision-round2.sh # plus every checkout under /tmp/corpus
set -euo pipefail
cd "$(dirname "$0")/.."

rules=AL103,AL104,AL105,AL106,AL201,AL401,AL402
dirs=()
for p in numpy scipy sklearn skimage; do
	d=/usr/lib/python3/dist-packages/$p
	[ -d "$d" ] && dirs+=("$d")
done
if [ -n "${CORPUS:-}" ]; then
	for d in "$CORPUS"/*/; do dirs+=("${d%/}"); done
fi
if [ ${#dirs[@]} -eq 0 ]; then
	echo "precision-round2: nothing to check (install python3-numpy etc. or set CORPUS)" >&2
	exit 1
fi
bin=$(mktemp -d)/arraylint
go build -o "$bin" ./cmd/arraylint
for t in "" "--target tpu-v5e" "--target tpu-v6e" "--target h100" "--backend legate --sysmem 256" "--hbm 64MiB"; do
	echo "== targets: ${t:-none}"
	# shellcheck disable=SC2086 # $t is a list of flags
	"$bin" check --exit-zero --output-format concise --select "$rules" $t "${dirs[@]}" | tail -n 200
done
