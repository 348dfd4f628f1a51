#!/usr/bin/env bash
# bench/truth/setup.sh: creates the truth harness's virtual environments from PyPI with pinned
# versions, on Debian's python3 (installs python3-venv with apt when the venv module is missing):
#   bench/truth/.venv-np2     NumPy 2 (latest), SciPy, jax[cpu], optax, matplotlib
#   bench/truth/.venv-np1     NumPy 1.26, a SciPy that supports it
#   bench/truth/.venv-legate  legate + nvidia-cupynumeric (tried; a failure is reported, not fatal)
# Each environment is made once; delete its folder to rebuild it. The folders are git-ignored.
# Prints the seconds each environment took, so CI can judge whether it can afford them.
#
#   bench/truth/setup.sh            # all three
#   bench/truth/setup.sh np2 np1    # only those named
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${ARRAYLINT_SETUP_PYTHON:-/usr/bin/python3}

# the pins: change them here only (README.md says what each run used)
NP2_PKGS=(numpy==2.4.6 scipy==1.17.1 "jax[cpu]==0.10.2" jaxlib==0.10.2 optax==0.2.8 matplotlib==3.11.2)
NP1_PKGS=(numpy==1.26.4 scipy==1.15.3)
LEGATE_PKGS=(legate==26.6.1 nvidia-cupynumeric==26.6.1)

if ! "$py" -c 'import venv, ensurepip' 2>/dev/null; then
	SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends python3-venv
fi

make_env() { # NAME PKG...: creates $here/.venv-NAME with the packages; returns pip's status
	local name=$1 dir=$here/.venv-$1 start status=0
	shift
	if [ -x "$dir/bin/python" ] && [ -f "$dir/.complete" ]; then
		echo "setup: $dir exists"
		return 0
	fi
	start=$(date +%s)
	rm -rf "$dir"
	"$py" -m venv "$dir"
	"$dir/bin/python" -m pip install --quiet --disable-pip-version-check "$@" || status=$?
	if [ "$status" -eq 0 ]; then
		touch "$dir/.complete"
		"$dir/bin/python" -m pip freeze --disable-pip-version-check >"$dir/.freeze"
	fi
	echo "setup: $name: pip status $status in $(($(date +%s) - start)) s"
	return "$status"
}

want=("$@")
[ ${#want[@]} -gt 0 ] || want=(np2 np1 legate)
for w in "${want[@]}"; do
	case $w in
	np2) make_env np2 "${NP2_PKGS[@]}" ;;
	np1) make_env np1 "${NP1_PKGS[@]}" ;;
	legate)
		# legate's wheels may not install or run everywhere: report and go on
		if make_env legate "${LEGATE_PKGS[@]}"; then
			"$here/.venv-legate/bin/python" -c 'import legate, cupynumeric; print("setup: legate", legate.__version__)' ||
				echo "setup: legate installed but cupynumeric does not import (above)"
		else
			echo "setup: legate + nvidia-cupynumeric did not install (above)"
		fi
		;;
	*)
		echo "setup: unknown environment $w (want np2, np1 or legate)" >&2
		exit 2
		;;
	esac
done
