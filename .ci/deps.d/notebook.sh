#!/usr/bin/env bash
# Installs what the notebook tests need: Debian's nbformat (to validate notebooks that --fix wrote)
# and NumPy (to measure a notebook's peak under tracemalloc for the `mem` comparison).
set -euo pipefail
need=()
/usr/bin/python3 -c 'import nbformat' 2>/dev/null || need+=(python3-nbformat)
/usr/bin/python3 -c 'import numpy' 2>/dev/null || need+=(python3-numpy)
if [ ${#need[@]} -eq 0 ]; then
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
else
	SUDO=
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${need[@]}"
