#!/usr/bin/env bash
# bench/realprograms.sh: measure real programs (bench/realprograms/manifest.tsv) under Debian's
# NumPy with tracemalloc and compare arraylint's memory estimate; writes the table to
# bench/realprograms.md and one JSON object per case to bench/realprograms/results.jsonl.
# Not run in CI: it needs the programs' repositories, which are not part of this one.
# Kernels that carry their own #setup/#run lines are written, with those lines, to SRC/_composed/.
#
#   bench/realprograms.sh SRC          # SRC/<owner>+<name>/ holds each manifest repository
#   MIRROR=/work/.mirror bench/realprograms.sh SRC
#   ONLY=jacobi,cg bench/realprograms.sh SRC
#
# Getting the programs: for each repository of the manifest, either
#   git clone https://github.com/OWNER/NAME SRC/OWNER+NAME && git -C SRC/OWNER+NAME checkout COMMIT
# or, with the search tool's `fetch github:OWNER/NAME` (a bare mirror in
# /work/.mirror/OWNER+NAME/repo), set MIRROR=/work/.mirror and this script extracts the manifest's
# commit of each missing repository into SRC with `git archive`.
set -euo pipefail
if [ $# -ne 1 ]; then
	echo "usage: bench/realprograms.sh SRC_DIR" >&2
	exit 2
fi
src=$(mkdir -p "$1" && cd "$1" && pwd)
cd "$(dirname "$0")/.."
manifest=bench/realprograms/manifest.tsv
py=${ARRAYLINT_PYTHON:-/usr/bin/python3}
if ! "$py" -c 'import numpy' 2>/dev/null; then
	echo "realprograms: $py has no numpy (install python3-numpy: .ci/deps.d/memory.sh)" >&2
	exit 1
fi

# each repository at its commit: the top-level directories that hold the manifest's programs (a
# mirror may lack large files elsewhere in the tree, such as videos)
grep -v '^#' "$manifest" | cut -f2,3 | sort -u | while IFS=$'\t' read -r repo commit; do
	dir=$src/${repo/\//+}
	[ -d "$dir" ] && continue
	if [ -z "${MIRROR:-}" ]; then
		echo "realprograms: $dir is missing: fetch $repo at $commit (see the header of $0)" >&2
		exit 1
	fi
	git_dir=$MIRROR/${repo/\//+}/repo
	[ -d "$git_dir/.git" ] && git_dir=$git_dir/.git # a mirror with a work tree
	tops=$(awk -F'\t' -v r="$repo" '!/^#/ && $2 == r { split($4, p, "/"); print p[1] }' "$manifest" | sort -u)
	mkdir -p "$dir.tmp"
	# shellcheck disable=SC2086 # one argument per directory
	git --git-dir="$git_dir" archive "$commit" -- $tops | tar -x -C "$dir.tmp"
	mv "$dir.tmp" "$dir"
done

bin=$(mktemp -d)/arraylint
go build -o "$bin" ./cmd/arraylint
args=(--src "$src" --arraylint "$bin" --python "$py" --out bench/realprograms.md --jsonl bench/realprograms/results.jsonl)
if [ -n "${ONLY:-}" ]; then
	args+=(--only "$ONLY")
fi
"$py" bench/realprograms/run.py "${args[@]}" "$manifest"
cat bench/realprograms.md
