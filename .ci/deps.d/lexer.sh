#!/usr/bin/env bash
# Installs what the pyparse lexer's oracle tests need: a Python 3.11 (Debian bookworm's python3)
# whose tokenize module, literal evaluation and unicodedata the tests compare against.
set -euo pipefail
for py in python3.11 python3; do
	if command -v "$py" >/dev/null 2>&1 &&
		[ "$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')" = "3.11" ]; then
		exit 0
	fi
done
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
else
	SUDO=
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends python3.11
