#!/usr/bin/env bash
# Installs what the release tests (.ci/heavy.d/50-release.sh) need: Debian's pre-commit (which
# brings python3-virtualenv, for the wheel's new virtual environment), git, and Node.js with npm to
# build and test the VS Code extension (editors/vscode; npm fetches its packages from the registry).
set -euo pipefail
need=()
command -v pre-commit >/dev/null 2>&1 || need+=(pre-commit)
/usr/bin/python3 -c 'import virtualenv' 2>/dev/null || need+=(python3-virtualenv)
command -v git >/dev/null 2>&1 || need+=(git)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -eq 0 ]; then
	exit 0
fi
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${need[@]}"
