#!/usr/bin/env bash
# Robustness: `arraylint check` with every rule over the whole stdlib of the python3 installation
# (~1.8k files, ~860k lines) must finish without an AL900 internal-error finding: no rule may
# crash on real-world code. Prints the per-rule statistics.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/arraylint" ./cmd/arraylint
printf 'exclude = ["site-packages", "dist-packages"]\n' >"$tmp/cfg.toml"
"$tmp/arraylint" check --select ALL --config "$tmp/cfg.toml" --statistics --exit-zero "$corpus"
"$tmp/arraylint" check --select ALL --config "$tmp/cfg.toml" --output-format concise --exit-zero "$corpus" >"$tmp/out.txt"
if grep -q ': AL900 ' "$tmp/out.txt"; then
	echo "internal errors (AL900) on the stdlib:"
	grep ': AL900 ' "$tmp/out.txt" | head -20
	exit 1
fi
echo "no internal errors on $corpus"
