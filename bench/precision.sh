#!/usr/bin/env bash
# bench/precision.sh: list the findings of the array anti-pattern rules (AL301-AL304) on real code
# for review, as bench/precision.md records them: per rule, every finding when there are at most
# 25, else a random sample of 25 drawn with a seeded shuf (the same sample on every run).
#
#   bench/precision.sh                       Debian's numpy, scipy, sklearn, skimage
#   bench/precision.sh DIR...                any source trees (e.g. clones of the projects
#                                            bench/precision.md names, at its commits)
#   SEED=arraylint bench/precision.sh        the sampling seed (default: arraylint)
#
# Prints one line per finding: rule, path:line, fix applicability, message, and the source line.
set -euo pipefail
cd "$(dirname "$0")/.."
seed=${SEED:-arraylint}
if [ $# -eq 0 ]; then
	set -- /usr/lib/python3/dist-packages/{numpy,scipy,sklearn,skimage}
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/arraylint" ./cmd/arraylint
"$tmp/arraylint" check --exit-zero --output-format json --select AL301,AL302,AL303,AL304 "$@" >"$tmp/findings.json"
python3 - "$tmp/findings.json" >"$tmp/findings.tsv" <<'EOF'
import json, sys
for f in json.load(open(sys.argv[1])):
    line = open(f["filename"], encoding="utf-8", errors="replace").read().splitlines()[f["location"]["row"] - 1]
    fix = (f.get("fix") or {}).get("applicability", "none")
    print("\t".join([f["code"], "%s:%d" % (f["filename"], f["location"]["row"]), fix, f["message"], line.strip()]))
EOF
for rule in AL301 AL302 AL303 AL304; do
	n=$(grep -c "^$rule"$'\t' "$tmp/findings.tsv" || true)
	echo "== $rule: $n findings$([ "$n" -gt 25 ] && echo ", sample of 25")"
	grep "^$rule"$'\t' "$tmp/findings.tsv" | sort | shuf -n 25 --random-source=<(yes "$seed") | sort || true
done
