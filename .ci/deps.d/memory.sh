#!/usr/bin/env bash
# Installs what the memory estimator's tests need: Debian's NumPy and SciPy (to measure real peaks
# of testdata/mem and of the API table's rows with tracemalloc) and Chromium (to render the HTML
# report headless).
set -euo pipefail
need=()
/usr/bin/python3 -c 'import numpy' 2>/dev/null || need+=(python3-numpy)
/usr/bin/python3 -c 'import scipy.ndimage, scipy.signal' 2>/dev/null || need+=(python3-scipy)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
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
