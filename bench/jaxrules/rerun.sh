#!/usr/bin/env bash
# Runs an arraylint build's AL107, AL202, AL305 and AL306 (the last three preview: selecting them
# by code runs them) over the three reviewed JAX/CuPy corpora — /work/jaxcorpus (review.md),
# /work/jaxcorpus2 (review2.md) and /work/jaxcorpus2-unselected (not reviewed) — one JSON
# document per repository, then prints one line per finding: code, corpus--repository, file,
# line, message. Test code is kept; the figures in retune.md leave it out as the reviews did.
#
#   bench/jaxrules/rerun.sh BINARY OUT_DIR
set -euo pipefail
bin=${1:?usage: rerun.sh BINARY OUT_DIR}
out=${2:?usage: rerun.sh BINARY OUT_DIR}
[ -x "$bin" ] || { echo "rerun: binary $bin: not executable" >&2; exit 1; }
export ARRAYLINT_NO_CACHE=1
mkdir -p "$out"
for corpus in jaxcorpus jaxcorpus2 jaxcorpus2-unselected; do
	for dir in /work/$corpus/*/; do
		repo=$(basename "$dir")
		(cd "$dir" && "$bin" check --exit-zero --select AL107,AL202,AL305,AL306 --output-format json .) >"$out/$corpus--$repo.json"
	done
done
python3 - "$out" <<'PY'
import glob, json, os, sys
rows = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    for x in json.load(open(path)):
        rows.append((x["code"], os.path.basename(path)[:-5], x["filename"], x["location"]["row"], x["message"]))
for r in sorted(rows):
    print("\t".join(map(str, r)))
PY
