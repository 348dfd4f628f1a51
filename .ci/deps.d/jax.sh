#!/usr/bin/env bash
# Installs what the JAX rules' tests need (rules/internal/jaxoracle): PyPI's jax with its CPU
# jaxlib, pinned, in .venv-jax at the repository root (ignored by git). Measured: about 15 s for
# the venv and 66 s for the install on the development machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.venv-jax
pin="jax[cpu]==0.10.2"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import jax' 2>/dev/null; then
	exit 0
fi
if ! python3 -m venv "$venv" 2>/dev/null; then
	rm -rf "$venv"
	if [ "$(id -u)" -ne 0 ]; then
		SUDO=sudo
	else
		SUDO=
	fi
	$SUDO apt-get update
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends python3-venv
	python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check "$pin"
"$venv/bin/python" -c 'import jax; print("jax", jax.__version__)'
