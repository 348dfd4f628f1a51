#!/usr/bin/env bash
# Must-show of issue 28: the .vsix that release/build.sh writes, unpacked as VS Code installs it,
# activated by the headless test client (editors/vscode/test/activate.js: the extension's own
# activate() and the real vscode-languageclient LanguageClient, over a stand-in `vscode` module),
# starts the arraylint of the linux x86-64 wheel (found as in VS Code: the wheel's binary for the
# python3 on PATH) and shows a diagnostic for a NumPy file; with the target and assume settings,
# the AL101 memory diagnostic those settings produce.
#
# Usage: bash release/test/vsix_test.sh VSIX [WHEEL] (the wheel defaults to dist's linux x86-64 one)
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "FAIL: $*" >&2; exit 1; }
vsix=$(realpath "$1")
wheel=$(realpath "${2:-$(ls dist/arraylint-*-manylinux_2_17_x86_64*.whl)}")
version=$(python3 release/wheels.py --print-version)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir "$tmp/installed"
(cd "$tmp/installed" && python3 -m zipfile -e "$vsix" .)
ext="$tmp/installed/extension"
grep -q "Version=\"$version\"" "$tmp/installed/extension.vsixmanifest" || fail "the .vsix manifest does not carry version $version"
python3 -c 'import json,sys; v=json.load(open(sys.argv[1]))["version"]; sys.exit(v != sys.argv[2])' "$ext/package.json" "$version" ||
	fail "the packaged package.json does not carry version $version"

py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3)
"$py" -m virtualenv -q "$tmp/venv"
PIP_NO_INDEX=1 "$tmp/venv/bin/pip" install -q "$wheel"

printf 'import numpy as np\n\nN = 10_000_000\n\n\ndef make():\n    a = np.zeros(N).astype(np.int32)\n    return a\n' >"$tmp/model.py"
printf 'import numpy as np\n\n\ndef f(n):\n    x = np.ones((n, 100_000))\n    return x\n' >"$tmp/big.py"

# The extension finds the wheel's binary through the python3 of the venv, first on PATH, as
# it would with the venv active; arraylint itself is not on PATH.
node=$(command -v node) || fail "node is required (.ci/deps.d/release.sh installs it)"
run() { env PATH="$tmp/venv/bin:/usr/bin:/bin" "$node" editors/vscode/test/activate.js "$ext" "$@"; }
run "$tmp/model.py" AL303 | tee "$tmp/out1"
grep -q "(from the wheel)" "$tmp/out1" || fail "the extension did not start the wheel's binary"
grep -q '^7:9 AL303 ' "$tmp/out1" || fail "no AL303 diagnostic at 7:9"
run "$tmp/big.py" AL101 '{"target": "l4", "assume": {"n": 40000}}' | tee "$tmp/out2"
grep -q 'AL101 .*l4.*n = 40,000 (assumed)' "$tmp/out2" || fail "the target and assume settings did not reach AL101"
echo "ok: $(basename "$vsix") starts the wheel's arraylint server and shows its diagnostics"
