#!/usr/bin/env bash
# bench/realworld.sh: run the array anti-pattern rules (AL301-AL304) over Debian's NumPy, SciPy,
# scikit-learn and scikit-image sources and print the findings per rule, for precision review.
#
#   bench/realworld.sh            # installs the packages (needs root), then checks
#   SKIP_INSTALL=1 bench/realworld.sh
#   OUT=/tmp/realworld.json bench/realworld.sh   # where the JSON findings go
#
# Every finding is meant to be read by a person: the script prints each one with its source line.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${SKIP_INSTALL:-0}" != 1 ]; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get update
	apt-get install -y --no-install-recommends python3-numpy python3-scipy python3-sklearn python3-skimage
fi

dirs=()
for p in numpy scipy sklearn skimage; do
	d=/usr/lib/python3/dist-packages/$p
	if [ -d "$d" ]; then
		dirs+=("$d")
	else
		echo "realworld: $d is missing" >&2
	fi
done
if [ ${#dirs[@]} -eq 0 ]; then
	echo "realworld: no package sources to check" >&2
	exit 1
fi

bin=$(mktemp -d)/arraylint
go build -o "$bin" ./cmd/arraylint
out=${OUT:-$(mktemp --suffix=.json)}
files=$(find "${dirs[@]}" -name '*.py' | wc -l)
start=$(date +%s)
"$bin" check --exit-zero --output-format json --select AL301,AL302,AL303,AL304 "${dirs[@]}" >"$out"
end=$(date +%s)
echo "realworld: checked $files files in $((end - start))s; findings in $out"

python3 - "$out" <<'PY'
import collections, json, sys

data = json.load(open(sys.argv[1]))
findings = data if isinstance(data, list) else data.get("findings", [])
counts = collections.Counter(f["code"] for f in findings)
for code in ("AL301", "AL302", "AL303", "AL304"):
    print(f"{code}: {counts.get(code, 0)}")
print(f"total: {len(findings)}")

def where(f):
    # ruff-style JSON: filename and location.row
    return f.get("filename") or f.get("path"), (f.get("location") or {}).get("row") or f.get("line")


for f in sorted(findings, key=lambda f: (f["code"],) + where(f)):
    path, row = where(f)
    try:
        line = open(path, encoding="utf-8", errors="replace").read().splitlines()[row - 1].strip()
    except (OSError, IndexError, TypeError):
        line = "?"
    print(f'{f["code"]} {path}:{row}: {f["message"]}\n    {line}')
PY
