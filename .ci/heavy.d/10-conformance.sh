#!/usr/bin/env bash
# Full CPython-oracle conformance of pyparse over every .py file of the python3 installation
# (~11.7k files; the oracle streams ~1.5 GB of JSON, about 2-4 minutes on 2 cores). When pyenv has
# Python 3.13 (no reachable registry provides it), also its own stdlib against its own AST
# (3.12/3.13 syntax at scale, ~1 minute).
set -euo pipefail
cd "$(dirname "$0")/../.."
ARRAYLINT_REQUIRE_TOOLS=1 go test ./pyparse/astjson -run TestConformance -conformance=full -timeout 60m -count=1 -v

py313=$(command -v python3.13 2>/dev/null || true)
if [ -n "$py313" ] && ! "$py313" -c pass 2>/dev/null; then py313=; fi
if [ -z "$py313" ]; then
	py313=$(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.13.*/bin/python3.13 2>/dev/null | tail -1 || true)
fi
if [ -z "$py313" ]; then
	echo "10-conformance: python3.13 not found, skipping the 3.13 stdlib run"
	exit 0
fi
lib313=$("$py313" -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')
go test ./pyparse/astjson -run TestConformance -conformance=full -conformance.dir="$lib313" \
	-conformance.python="$py313" -timeout 30m -count=1 -v
