#!/usr/bin/env bash
# Installs what the integration tests in cmd/arraylint need: Debian's pre-commit and git
# (precommit_test.go) and reviewdog v0.21.0 (reviewdog_test.go), built from the Go module proxy
# in a scratch module; later reviewdog versions need modules the proxy here does not serve.
# reviewdog lands in $(go env GOPATH)/bin, which .ci/run puts on PATH.
set -euo pipefail
need=()
command -v pre-commit >/dev/null 2>&1 || need+=(pre-commit)
command -v git >/dev/null 2>&1 || need+=(git)
if [ ${#need[@]} -gt 0 ]; then
	SUDO=
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${need[@]}"
fi

want=v0.21.0
bin="$(go env GOPATH)/bin/reviewdog"
# reviewdog -version says "master" when built with go install: read the module version instead.
if [ -x "$bin" ] && [ "$(go version -m "$bin" | awk '$1 == "mod" { print $3 }')" = "$want" ]; then
	exit 0
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
go mod init scratch >/dev/null 2>&1
go get -tool "github.com/reviewdog/reviewdog/cmd/reviewdog@$want"
go install github.com/reviewdog/reviewdog/cmd/reviewdog
echo "installed reviewdog $(go version -m "$bin" | awk '$1 == "mod" { print $3 }') at $bin"
