#!/usr/bin/env bash
# Recall and precision of AL301-AL304 against the ground-truth lists of bench/scale.
#
#   bench/scale/measure.sh [-a 'EXTRA CHECK ARGS'] ARRAYLINT CUPYNUMERIC_EXAMPLES CUPY_EXAMPLES
#
# e.g. bench/scale/measure.sh /tmp/al /work/gt/cupynumeric-examples /work/gt/cupy-examples
# The two directories are the sets' extracted examples/ (see cupynumeric-examples.md and
# cupy-examples.md for the commits and the extraction command). Each is checked twice, with the
# default settings and with --select AL301,AL302,AL303,AL304 (EXTRA CHECK ARGS are added to both).
# A finding matches a row of the list's ```groundtruth block when file, rule and line agree.
# Recall is over the `instance` rows; precision is true findings (on an `instance` row) over true
# and false ones (on a `not` row or on no row); findings on `judgement` rows count as neither.
# Findings on `not` rows and on no row are printed for review. Exit status 0 unless a run fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
extra=""
while getopts "a:" o; do
	case $o in
	a) extra=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || { sed -n '2,13p' "$0"; exit 2; }
bin=$1
[ -x "$bin" ] || { echo "measure: arraylint binary $bin: not executable" >&2; exit 2; }
for d in "$2" "$3"; do
	[ -d "$d" ] || { echo "measure: examples directory $d: not a directory" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

runs=()
for pair in "cupynumeric-examples=$2" "cupy-examples=$3"; do
	set_name=${pair%%=*}
	dir=$(cd "${pair#*=}" && pwd)
	for mode in default select; do
		args=(check --output-format json --exit-zero)
		[ "$mode" = select ] && args+=(--select AL301,AL302,AL303,AL304)
		out="$tmp/$set_name.$mode.json"
		# shellcheck disable=SC2086
		(cd "$dir" && "$bin" "${args[@]}" $extra .) >"$out" 2>"$tmp/err" ||
			{ echo "measure: arraylint on $dir ($mode) failed:" >&2; tail -5 "$tmp/err" >&2; exit 1; }
		runs+=("$set_name" "$mode" "$here/$set_name.md" "$dir" "$out")
	done
done

python3 - "${runs[@]}" <<'EOF'
import json, re, sys

RULES = ["AL301", "AL302", "AL303", "AL304"]
SIZE = re.compile(r"\d[\d,.]*\s*(bytes|[kKMGT]i?B)\b")
# a size as a formula over the program's symbols (8·N bytes), and where its numbers come from,
# said after the size: a command-line option, a line of the file, a caller
FORMULA = re.compile(r"\d+·\S+ bytes")
SOURCE = re.compile(r"`--[\w-]+`|at line \d+|default |sys\.argv|at \S+\.py:\d+")


def parse_lines(spec):
    lines = set()
    for part in spec.split(","):
        a, _, b = part.partition("-")
        lo, hi = int(a), int(b or a)
        if hi < lo:
            raise ValueError(f"bad line range {part!r}")
        lines.update(range(lo, hi + 1))
    return lines


def read_list(md):
    rows, inside = [], False
    with open(md) as f:
        for n, text in enumerate(f, 1):
            if text.startswith("```groundtruth"):
                inside = True
                continue
            if inside and text.startswith("```"):
                break
            if not inside or not text.strip():
                continue
            fields = text.split()
            if len(fields) < 3 or ":" not in fields[0] or fields[1] not in RULES or fields[2] not in ("instance", "judgement", "not"):
                sys.exit(f"measure: {md}:{n}: bad row {text.strip()!r}")
            path, _, spec = fields[0].rpartition(":")
            rows.append({"path": path, "lines": parse_lines(spec), "rule": fields[1], "verdict": fields[2], "text": text.strip()})
    if not rows:
        sys.exit(f"measure: {md}: no ```groundtruth block")
    return rows


def rel(path, root):
    root = root.rstrip("/") + "/"
    return path[len(root):] if path.startswith(root) else path.removeprefix("./")


args = sys.argv[1:]
review = []
print("| set | settings | rule | instances | found | recall | findings | true | false | judgement | precision | true with a size | true with a size and its source |")
print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for i in range(0, len(args), 5):
    set_name, mode, md, root, out = args[i:i + 5]
    rows = read_list(md)
    findings = [f for f in json.load(open(out)) if f["code"] in RULES]
    for rule in RULES + ["all"]:
        rrows = [r for r in rows if rule == "all" or r["rule"] == rule]
        rfind = [f for f in findings if rule == "all" or f["code"] == rule]
        matched, tp, fp, jd, sized, sourced = set(), 0, 0, 0, 0, 0
        for f in rfind:
            path, line = rel(f["filename"], root), f["location"]["row"]
            hits = [k for k, r in enumerate(rrows) if r["path"] == path and r["rule"] == f["code"] and line in r["lines"]]
            # one finding per row for recall: prefer a row not matched yet
            hits.sort(key=lambda k: k in matched)
            verdict = rrows[hits[0]]["verdict"] if hits else None
            if verdict == "instance":
                matched.add(hits[0])
                tp += 1
                sized += bool(SIZE.search(f["message"]))
                sizes = [m for m in (SIZE.search(f["message"]), FORMULA.search(f["message"])) if m]
                first = min(sizes, key=lambda m: m.start()) if sizes else None
                sourced += bool(first and SOURCE.search(f["message"], first.end()))
            elif verdict == "judgement":
                jd += 1
            else:
                fp += 1
                if rule != "all":
                    review.append(f"{set_name} ({mode}) {path}:{line} {f['code']} [{verdict or 'unlisted'}] {f['message']}")
        inst = sum(r["verdict"] == "instance" for r in rrows)
        found = len(matched)
        recall = f"{found / inst:.0%}" if inst else "n/a"
        prec = f"{tp / (tp + fp):.0%}" if tp + fp else "n/a"
        print(f"| {set_name} | {mode} | {rule} | {inst} | {found} | {recall} | {len(rfind)} | {tp} | {fp} | {jd} | {prec} | {sized}/{tp} | {sourced}/{tp} |")
if review:
    print("\nfalse findings (on a `not` row or unlisted) to review:")
    print("\n".join(review))
EOF
