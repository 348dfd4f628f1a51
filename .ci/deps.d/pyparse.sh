#!/usr/bin/env bash
# pyparse's oracle tests (astjson TestConformance, the corpus invariant check, fuzz seeds and
# benchmarks) need python3, ideally 3.11, the version the oracle format targets. The machine's
# pyenv provides 3.11.7; Debian's python3 (3.11) is the fallback.
set -euo pipefail
if ! command -v python3 >/dev/null 2>&1; then
	SUDO=
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update
	$SUDO apt-get install -y --no-install-recommends python3
fi
