#!/usr/bin/env bash
# bench/truth/programs.sh: the real programs of programs.tsv (chosen by PROGRAMS.md's rule) under
# NumPy 2 (.venv-np2) with tracemalloc, against `arraylint mem`, by bench/realprograms/run.py.
# Writes bench/truth/results/programs.md (run.py's table), programs.jsonl, and
# programs-summary.md (within 10 %, silently wrong, per case).
#
#   bench/truth/programs.sh [SRC]     # SRC (default /work/truth-cases/programs/src) gets the files
#   MIRROR=/work/.mirror bench/truth/programs.sh
#   PROGRAMS=programs-added.tsv bench/truth/programs.sh   # another list: results/programs-added.*
#   PROGRAMS=programs2.tsv OUT=programs2-first ARRAYLINT=/path/bin bench/truth/programs.sh SRC
#                         # results/programs2-first.*, estimated by a given arraylint binary
#
# programs.tsv has run.py's seven columns plus an eighth, const: when it names a module-level
# constant, each size is run from a copy of the file with that one `NAME = INT` assignment given
# the size's value (SRC/<owner>+<name>/_sizes/...), which both tracemalloc and arraylint read.
# Each program file is read from MIRROR/<owner>+<name>/repo (the search tool's `fetch`) at the
# row's commit.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
src=${1:-/work/truth-cases/programs/src}
mirror=${MIRROR:-/work/.mirror}
py=$here/.venv-np2/bin/python
[ -x "$py" ] || { echo "programs: run bench/truth/setup.sh np2 first" >&2; exit 1; }
mkdir -p "$src" "$here/results"
src=$(cd "$src" && pwd)
list=${PROGRAMS:-programs.tsv}
name=${OUT:-$(basename "$list" .tsv)}
manifest=$(mktemp)
/usr/bin/python3 "$here/programs_sizes.py" --mirror "$mirror" --src "$src" "$here/$list" >"$manifest"
bin=${ARRAYLINT:-}
if [ -z "$bin" ]; then
	bin=$(mktemp -d)/arraylint
	go build -o "$bin" ./cmd/arraylint
fi
# run from SRC: the programs write their figures (savefig) into the working directory
root=$PWD
(cd "$src" && MPLBACKEND=Agg /usr/bin/python3 "$root/bench/realprograms/run.py" --src "$src" --arraylint "$bin" \
	--python "$py" --out "$here/results/$name.md" --jsonl "$here/results/$name.jsonl" ${ONLY:+--only "$ONLY"} "$manifest")
/usr/bin/python3 "$here/programs_summary.py" "$here/results/$name.jsonl" >"$here/results/$name-summary.md"
cat "$here/results/$name-summary.md"
rm -f "$manifest"
