#!/usr/bin/env bash
# The permission cases of testdata/cli/io_errors.txtar (an unreadable file, a read-only file in a
# read-only directory under --fix) stop short when the tests run as root, as CI does: root is
# not stopped by permission bits. Run that script again as the unprivileged user nobody, with a
# test binary built here, so those cases run in CI too.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(id -u)" -ne 0 ]; then
	echo "not root: go test ./cmd/arraylint already ran the permission cases"
	exit 0
fi
command -v setpriv >/dev/null || { echo "setpriv (util-linux) is required"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/cli.test" ./cmd/arraylint
# The test reads ../../testdata/cli from cmd/arraylint: a copy in a directory nobody can read,
# wherever the checkout is.
mkdir -p "$tmp/repo/cmd/arraylint" "$tmp/repo/testdata" "$tmp/work"
cp -r testdata/cli "$tmp/repo/testdata/"
chmod -R a+rX "$tmp"
chmod 755 "$tmp/cli.test"
chown nobody "$tmp/work"
cd "$tmp/repo/cmd/arraylint"
out=$(setpriv --reuid=nobody --regid=nogroup --clear-groups env -i PATH="$PATH" HOME="$tmp/work" TMPDIR="$tmp/work" \
	"$tmp/cli.test" -test.run 'TestScripts/io_errors$' -test.v 2>&1) || { echo "$out"; exit 1; }
echo "$out" | tail -3
# The script stops early as root; as nobody it must reach its last permission case.
if ! grep -q "chmod 555 ro" <<<"$out"; then
	echo "the permission cases did not run"
	echo "$out" | tail -30
	exit 1
fi
