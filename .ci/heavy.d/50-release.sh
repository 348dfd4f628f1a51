#!/usr/bin/env bash
# The release (issue 28): release/build.sh for linux/amd64 only (all five platforms take minutes
# on 2 cores), then, on a PATH without Go, the wheel's `arraylint check`, `arraylint server` and
# pre-commit hook (release/test/wheel_test.sh), and the .vsix installed into the headless test
# client of editors/vscode (release/test/vsix_test.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash release/build.sh --platforms linux/amd64
bash release/test/wheel_test.sh dist/arraylint-*-manylinux_2_17_x86_64*.whl
bash release/test/vsix_test.sh dist/arraylint-*.vsix
