#!/usr/bin/env bash
# bench/truth/legate_oom.sh: runs the cuPyNumeric OOM guide's program (memory/testdata/seed/oom.py,
# the guide's code block) under the real Legate runtime on the CPU,
#   LEGATE_TEST=1 legate --cpus 1 --gpus 0 --sysmem 40 oom.py
# (with LEGATE_CONFIG=--provenance, so that the report names the program's lines, as the guide's does)
# and prints the runtime's out-of-memory report beside `arraylint mem --backend legate --sysmem
# 40` on the same file. Writes bench/truth/results/legate-oom.txt.
#
# The PyPI wheels (legate, nvidia-cupynumeric) are linked against the NVIDIA driver's
# libcuda.so.1, which a machine without a GPU driver lacks: importing legate then fails with
# "ImportError: libcuda.so.1: cannot open shared object file". This script builds libcuda_stub.c
# (every entry point answers "no device"; cuInit returns CUDA_ERROR_NO_DEVICE, so Realm's CUDA
# module finds no GPU and Legate runs on the CPU) and puts it, with the CUDA runtime of the
# nvidia-cuda-runtime wheel, on LD_LIBRARY_PATH. On a machine with a driver the stub is not used.
#
#   bench/truth/setup.sh legate && bench/truth/legate_oom.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
. "$here/legate_env.sh"
cp memory/testdata/seed/oom.py "$tmp/oom.py"
out=$here/results/legate-oom.txt
mkdir -p "$here/results"
{
	echo "# legate $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("legate"))'), nvidia-cupynumeric $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("nvidia-cupynumeric"))')"
	echo "# \$ LEGATE_TEST=1 legate --cpus 1 --gpus 0 --sysmem 40 oom.py"
	status=0
	(cd "$tmp" && LEGATE_CONFIG=--provenance LEGATE_TEST=1 timeout 300 "$venv/bin/legate" --cpus 1 --gpus 0 --sysmem 40 oom.py 2>&1) |
		grep -E '\{legate\.mapper\}|\{gpu\}|^Signal|^LEGATE ERROR: (Legate|Legion) version' | sed "s|$tmp/||g" || status=$?
	echo "# exit status of the pipeline: $status"
	echo
	echo "# \$ legate --cpus 1 --gpus 0 --sysmem 41 oom.py   (arraylint's mitigation A: the pool that holds the peak)"
	status=0
	(cd "$tmp" && timeout 300 legate --cpus 1 --gpus 0 --sysmem 41 oom.py >/dev/null 2>&1) || status=$?
	echo "# exit status: $status"
	echo
	echo "# \$ arraylint mem --backend legate --sysmem 40 oom.py"
	go run ./cmd/arraylint mem --backend legate --sysmem 40 "$tmp/oom.py" 2>&1 | sed "s|$tmp/||g" || true
} >"$out"
cat "$out"
