#!/usr/bin/env bash
# Builds an arraylint release into dist/: the binary cross-built for each platform
# (dist/bin/GOOS-GOARCH/arraylint[.exe]), one Python wheel per platform carrying it
# (release/wheels.py), and the VS Code extension (dist/arraylint-VERSION.vsix, editors/vscode).
# The version is cmd/arraylint/version.go's, the one place it is written.
#
# Usage: bash release/build.sh [--platforms "linux/amd64 ..."] [--no-vsix]
# The default is every released platform; CI builds linux/amd64 only, to stay fast on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

platforms="linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64"
vsix=1
while [ $# -gt 0 ]; do
	case "$1" in
	--platforms) platforms="$2"; shift 2 ;;
	--no-vsix) vsix=0; shift ;;
	*) echo "release/build.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

export PATH="/usr/local/go/bin:$PATH"
command -v go >/dev/null || { echo "release/build.sh: go is required to build the binaries" >&2; exit 2; }
py=$(command -v python3 || command -v python)
version=$("$py" release/wheels.py --print-version)
echo "arraylint $version"

rm -rf dist
mkdir -p dist/bin
specs=()
for p in $platforms; do
	goos=${p%/*} goarch=${p#*/}
	exe=arraylint
	[ "$goos" = windows ] && exe=arraylint.exe
	out="dist/bin/$goos-$goarch/$exe"
	echo "go build $p"
	# CGO_ENABLED=0: a static binary, which is what makes the Linux wheels manylinux and musllinux.
	CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath -ldflags="-s -w" -o "$out" ./cmd/arraylint
	specs+=("$p=$out")
done
"$py" release/wheels.py --out dist "${specs[@]}"

if [ "$vsix" = 1 ]; then
	command -v npm >/dev/null || { echo "release/build.sh: npm is required for the VS Code extension (--no-vsix skips it)" >&2; exit 2; }
	(
		cd editors/vscode
		npm ci --no-audit --no-fund
		npm run --silent compile
	)
	"$py" release/vsix.py editors/vscode "dist/arraylint-$version.vsix"
fi
ls -l dist
