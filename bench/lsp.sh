#!/usr/bin/env bash
# Measures `arraylint server` through the protocol (lsp/lspbench):
#   - edit-to-diagnostics latency on a 5,000-line file, p50 and p99 over 200 edits (goal p99 < 25 ms),
#     and the server's CPU time per edit (independent of the machine's load; goal < 10 ms)
#   - hover latency right after each of 100 edits of the same file (goal p99 < 10 ms)
#   - the server's RSS after opening 1,000 files (goal < 200 MB)
#   - the floor under the latency: parse + every rule on the same file, without the server
# Usage: bench/lsp.sh   (from the repository root; takes about a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
go test -run '^$' -bench 'EditLatency|HoverAfterEdit|RSSOpen1000' -benchtime 1x ./lsp/lspbench | grep -E '^Benchmark'
go test -run '^$' -bench 'Check5000' -benchtime 20x ./lsp/lspbench | grep -E '^Benchmark'
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (numbers above are noisy under load)"
