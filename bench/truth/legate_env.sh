# bench/truth/legate_env.sh: sourced by legate_oom.sh and legate_examples.sh. Sets venv, tmp (a
# scratch folder removed on exit) and, for running .venv-legate's `legate` on a machine without
# the NVIDIA driver, LD_LIBRARY_PATH (a libcuda.so.1 built from libcuda_stub.c, and the CUDA
# runtime of the nvidia-cuda-runtime wheel) and PATH (the launcher runs the `python` it finds).
venv=$here/.venv-legate
[ -x "$venv/bin/legate" ] || { echo "legate: run bench/truth/setup.sh legate first" >&2; exit 1; }
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
libs=$site/nvidia/cu13/lib
[ -e "$libs/libcudart.so.13" ] || "$venv/bin/python" -m pip install -q --disable-pip-version-check nvidia-cuda-runtime==13.5.37
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 '; then
	cc -shared -fPIC -o "$tmp/libcuda.so.1" "$here/libcuda_stub.c" -ldl
	libs=$tmp:$libs
fi
export LD_LIBRARY_PATH=$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH=$venv/bin:$PATH
