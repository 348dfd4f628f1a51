#!/usr/bin/env bash
# Installs what the analyzer's tests need: Python's jsonschema, to validate the SARIF printer's
# output against ../shared/schemas (analyzer/printers), and GNU time for bench/check.sh.
set -euo pipefail
need=()
if ! python3 -c 'import jsonschema' 2>/dev/null && ! /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	need+=(python3 python3-jsonschema)
fi
[ -x /usr/bin/time ] || need+=(time)
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
