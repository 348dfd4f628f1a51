#!/usr/bin/env bash
# bench/truth/capture_python.sh: stands in for Python as ARRAYLINT_PYTHON while the API table's
# tests run, so that singlecall.sh reuses the tests' programs instead of copying them: a run of
# testdata/mem/measure_calls.py has its standard input (the JSON list of programs) appended, one
# list per line, to $TRUTH_CAPTURE; every call is then passed on to $TRUTH_REAL_PYTHON unchanged.
set -euo pipefail
real=${TRUTH_REAL_PYTHON:?capture_python: set TRUTH_REAL_PYTHON}
for a in "$@"; do
	case $a in
	*measure_calls.py)
		tmp=$(mktemp)
		cat >"$tmp"
		if [ -n "${TRUTH_CAPTURE:-}" ]; then
			tr -d '\n' <"$tmp" >>"$TRUTH_CAPTURE"
			echo >>"$TRUTH_CAPTURE"
		fi
		status=0
		"$real" "$@" <"$tmp" || status=$?
		rm -f "$tmp"
		exit "$status"
		;;
	esac
done
exec "$real" "$@"
