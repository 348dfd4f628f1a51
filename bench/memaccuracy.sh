#!/usr/bin/env bash
# Measures the memory estimator against reality: installs Debian's python3-numpy (and chromium
# for the HTML test) if missing, then runs every testdata/mem program under tracemalloc and
# prints the estimate-vs-measured table. Fails if a straight-line program is off by more than 2%
# or peaks on another line.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/deps.d/memory.sh
ARRAYLINT_REQUIRE_TOOLS=1 go test ./memory -run 'TestAccuracy' -count=1 -v
