// Package lspbench measures `arraylint server` as an editor sees it: a built binary driven over
// its stdin and stdout with every rule of rules/all. Its benchmarks report the latency from a
// didChange to the publishDiagnostics of that version on a 5,000-line file (p50 and p99 over 200
// edits) and the server's resident memory after opening 1,000 files. bench/lsp.sh runs them.
package lspbench
