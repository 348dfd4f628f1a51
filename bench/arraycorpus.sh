#!/usr/bin/env bash
# Assembles issue 27's array corpus: the *.py files of cuPyNumeric, JAX, CuPy, NumPy and xarray
# at the commits below (2,996 files, 1,394,973 lines), from bare git mirrors of the five
# repositories (the search tool's `fetch` puts them under /work/.mirror/OWNER+NAME/repo).
# Only *.py files and the configuration files that make a project root (pyproject.toml,
# setup.cfg: they decide which project modules a file follows) are read from git, so a mirror
# whose large binary files are absent still works.
#
#   bench/arraycorpus.sh OUT_DIR [MIRROR_ROOT]      MIRROR_ROOT defaults to /work/.mirror
#
# then e.g. `BASE_REV=d3250f1 bench/peers.sh OUT_DIR/*` or `bench/filecpu.sh d3250f1 OUT_DIR/*`.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,9p' "$0"; exit 2; }
out=$1 mirrors=${2:-/work/.mirror}
repos=(
	"nv-legate+cupynumeric cabe36402"
	"jax-ml+jax cec06d116c"
	"cupy+cupy 6b6d9563c"
	"numpy+numpy 1f90bbb55e"
	"pydata+xarray b1c1dc549"
)
for r in "${repos[@]}"; do
	read -r name rev <<<"$r"
	git=$mirrors/$name/repo
	[ -d "$git" ] || { echo "arraycorpus.sh: no mirror $git (fetch github:${name/+//} first)" >&2; exit 1; }
	dir=$out/${name#*+}
	rm -rf "$dir"
	mkdir -p "$dir"
	git --git-dir="$git" ls-tree -r -z --name-only "$rev" | grep -zE '\.py$|(^|/)(pyproject\.toml|setup\.cfg)$' |
		xargs -0 git --git-dir="$git" archive "$rev" -- 2>/dev/null | tar -x -C "$dir"
	printf '%s %s: %d files, %d lines\n' "${name#*+}" "$rev" "$(find "$dir" -name '*.py' | wc -l)" \
		"$(find "$dir" -name '*.py' -print0 | xargs -0 cat | wc -l)"
done
