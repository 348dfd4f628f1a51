#!/usr/bin/env bash
# bench/truth/singlecall.sh: the single-call check under NumPy 2 and NumPy 1.26 (the venvs that
# setup.sh makes). Runs the API table's tests (memory/apitable_test.go) once under each NumPy with
# capture_python.sh as ARRAYLINT_PYTHON, which keeps the tests' programs; then measures those
# programs and numpy2_cases.json (NEP 50 promotion, copy=, removed names) under both NumPys with
# testdata/mem/measure_calls.py and compares each with `arraylint mem --format json`.
# Writes bench/truth/results/singlecall.md, singlecall.jsonl and the two go test logs.
#
#   bench/truth/singlecall.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
out=$here/results
mkdir -p "$out"
for v in np2 np1; do
	[ -x "$here/.venv-$v/bin/python" ] || { echo "singlecall: run bench/truth/setup.sh $v first" >&2; exit 1; }
done
bin=$(mktemp -d)/arraylint
go build -o "$bin" ./cmd/arraylint
capture=$(mktemp)
for v in np2 np1; do
	: >"$capture"
	status=0
	TRUTH_CAPTURE=$capture TRUTH_REAL_PYTHON=$here/.venv-$v/bin/python ARRAYLINT_PYTHON=$here/capture_python.sh \
		ARRAYLINT_REQUIRE_TOOLS=1 go test ./memory -run 'TestAPITable|TestSciPyTable' -count=1 -v >"$out/apitable-$v.log" 2>&1 || status=$?
	echo "singlecall: API table tests under $v: go test status $status, $(grep -c -- '--- FAIL\|apitable_test.go:[0-9]*: ' "$out/apitable-$v.log" || true) failure lines ($out/apitable-$v.log)"
	[ "$v" = np2 ] && cp "$capture" "$out/.programs"
done
/usr/bin/python3 "$here/singlecall.py" --arraylint "$bin" \
	--python "NumPy 2=$here/.venv-np2/bin/python" --python "NumPy 1=$here/.venv-np1/bin/python" \
	--jsonl "$out/singlecall.jsonl" --out "$out/singlecall.md" "$out/.programs" "$here/numpy2_cases.json"
rm -f "$out/.programs" "$capture"
