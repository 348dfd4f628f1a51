#!/usr/bin/env bash
# bench/heldout17/results/recall/list.sh: the recall probe's candidate list (first review).
# Array program files of strata A and B: a __main__ block or a command line (argparse, optparse,
# sys.argv), importing numpy, cupy, jax(.numpy), dask.array or cunumeric/cupynumeric, outside
# test paths. Run from the corpus root (/work/heldout17). Writes programs-<stratum>.txt here.
# The probe's settings run (probe.toml: scale large, min-bytes 0 for AL301/AL303/AL304 and
# once-min-bytes 0 for AL304) gave probe-<stratum>.txt:
#   check --exit-zero --config probe.toml --select AL301,AL302,AL303,AL304 --output-format concise STRATUM
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
for s in A-scale B-programs; do
	grep -rlE '__name__ *== *.__main__.|argparse|optparse|sys\.argv' --include=*.py "$s" |
		xargs grep -lE 'import (numpy|cupy|jax\.numpy|dask\.array|cunumeric|cupynumeric)|from jax import numpy|import jax' |
		grep -vE '/(tests?|testing)/|test_|_test\.py|conftest' >"$here/programs-$s.txt"
done
