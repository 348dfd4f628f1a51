#!/usr/bin/env bash
# Full CPython-oracle conformance of pyparse over every .py file of the python3 installation
# (~11.7k files; the oracle streams ~1.5 GB of JSON, about 2-3 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/../.."
ARRAYLINT_REQUIRE_TOOLS=1 go test ./pyparse/astjson -run TestConformance -conformance=full -timeout 60m -count=1 -v
