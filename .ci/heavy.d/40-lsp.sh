#!/usr/bin/env bash
# Runs the language server benchmarks once through the built binary (edit latency on a
# 5,000-line file, RSS after opening 1,000 files) so they keep working; the numbers are printed,
# never asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash bench/lsp.sh
