#!/usr/bin/env bash
# Benchmark: CPU per line of every file of a corpus under `arraylint check --select ALL`, this
# working tree against a baseline revision in the same run (issue 27: no file may cost more than
# a small multiple of the median per line). Each file is checked alone, by both binaries in turn,
# REPS times; a file's cost is its least CPU time less the binary's start-up (bench/cmd/filecpu).
#
#   bench/filecpu.sh [BASE_REV] [CORPUS...]
#
# BASE_REV defaults to 31094fb (before the forks shared released buffers); the corpora default
# to Debian's numpy, scipy, sklearn and skimage. REPS (default 3), MIN_LINES (default 20: smaller
# files are left out of the per-line distribution, their cost being mostly start-up), ARGS
# (extra check arguments, e.g. '--config x.toml') and CONFIRM (default 10: more runs of each
# file above 10× the median, so that start-up noise on a small file is not its cost) are read
# from the environment. Prints, per
# corpus and binary: files, lines, CPU seconds, and the median, p99 and maximum µs per line with
# their ratios to the median and the costliest file.
set -euo pipefail
export ARRAYLINT_NO_CACHE=1 # every timed run checks cold: the content cache would serve all but the first
cd "$(dirname "$0")/.."
base=${1:-31094fb}
shift || true
if [ $# -eq 0 ]; then
	set -- /usr/lib/python3/dist-packages/{numpy,scipy,sklearn,skimage}
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/base"
git archive "$base" | tar -x -C "$tmp/base"
(cd "$tmp/base" && go build -o "$tmp/arraylint-base" ./cmd/arraylint)
go build -o "$tmp/arraylint-head" ./cmd/arraylint
go build -o "$tmp/filecpu" ./bench/cmd/filecpu
"$tmp/filecpu" -reps "${REPS:-3}" -min-lines "${MIN_LINES:-20}" -confirm "${CONFIRM:-10}" -args "${ARGS:-}" \
	-bin "base=$tmp/arraylint-base" -bin "head=$tmp/arraylint-head" "$@"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; base $base, head $(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes')"
