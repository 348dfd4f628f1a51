#!/usr/bin/env bash
# Installs Debian's SciPy for the memory estimator's scipy.ndimage / scipy.signal table test
# (memory/apitable_test.go, TestSciPyTable).
set -euo pipefail
if /usr/bin/python3 -c 'import scipy.ndimage, scipy.signal' 2>/dev/null; then
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
else
	SUDO=
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends python3-scipy
