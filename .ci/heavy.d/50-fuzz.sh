#!/usr/bin/env bash
# Fuzzes every rule, the memory estimate and the fixes (rules/all FuzzRules) for a bounded time,
# 90 s unless ARRAYLINT_FUZZ_TIME says otherwise: an internal error (AL900), a finding outside the
# source, fixes that break a source that parsed, or a hang fails it. A failing input is kept
# under rules/all/testdata/fuzz/FuzzRules/, where `go test ./rules/all` then replays it.
set -euo pipefail
cd "$(dirname "$0")/../.."
go test ./rules/all -run '^$' -fuzz '^FuzzRules$' -fuzztime "${ARRAYLINT_FUZZ_TIME:-90s}"
