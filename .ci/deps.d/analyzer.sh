#!/usr/bin/env bash
# Installs what the analyzer's tests need: Python's jsonschema, to validate the SARIF printer's
# output against ../shared/schemas (analyzer/printers), git for the --new-from-rev tests
# (analyzer/changed, testdata/cli/new_only.txtar), and GNU time and bc for bench/check.sh.
set -euo pipefail
need=()
if ! python3 -c 'import jsonschema' 2>/dev/null && ! /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	need+=(python3 python3-jsonschema)
fi
[ -x /usr/bin/time ] || need+=(time)
command -v bc >/dev/null 2>&1 || need+=(bc)
command -v git >/dev/null 2>&1 || need+=(git)
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
