#!/usr/bin/env bash
# Installs what the pyparse parser's oracle test (pyparse/parser_oracle_test.go) needs: a
# python3 to run ../shared/tools/pyast2json.py; Python 3.11 is preferred, as the oracle.
set -euo pipefail
if command -v python3.11 >/dev/null 2>&1 || command -v python3 >/dev/null 2>&1; then
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
else
	SUDO=
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends python3
