#!/usr/bin/env bash
# Installs Neovim for the LSP end-to-end test (lsp/nvim_e2e_test.go; Debian bookworm ships 0.7.2).
set -euo pipefail
if command -v nvim >/dev/null 2>&1; then
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
else
	SUDO=
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends neovim
