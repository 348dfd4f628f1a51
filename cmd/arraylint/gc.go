package main

import "runtime/debug"

// batchGCPercent is the garbage collector's GOGC for the batch commands (check, mem): the heap
// may grow to five times what is live between collections, not twice. A check allocates much
// and keeps little (each file's syntax tree and facts are dropped when it is done), so
// collecting half as often saves about a sixth of its CPU for about twice the peak memory
// (bench/gc.md); batchMemoryLimit bounds that growth.
const batchGCPercent = 400

// batchMemoryLimit is the soft memory limit of the batch commands: nearer to it the collector
// runs as often as it must, whatever batchGCPercent says.
const batchMemoryLimit = 1 << 30

// tuneBatchGC sets the collector for a batch command, unless the user set GOGC or GOMEMLIMIT
// (getenv reads the environment), which then decide as Go documents. The language server keeps
// Go's defaults: it lives long and its memory is the editor's.
func tuneBatchGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(batchGCPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(batchMemoryLimit)
	}
}
