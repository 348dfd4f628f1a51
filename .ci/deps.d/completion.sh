#!/usr/bin/env bash
# Installs the shells whose completion scripts cmd/arraylint's TestCompletionScripts parses and
# runs: zsh and fish (bash is always there on Debian).
set -euo pipefail
need=()
command -v zsh >/dev/null 2>&1 || need+=(zsh)
command -v fish >/dev/null 2>&1 || need+=(fish)
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
