package driver

import (
	"fmt"
	"os"
	"sync"
)

// This file defines the bound on the cost of checking one file, and on the memory of the files
// checked at once.

// FileMemoryBudget is the memory the files being checked at once may hold together at their
// peak, as estimated from their sizes (fileMemory): 1 GiB. Workers take files in order and start
// one only when its estimate fits beside those running; a file whose estimate alone is over the
// budget starts when nothing else runs. Without it, peak memory was jobs × the largest file's:
// four 8.4 MB files of `x=1` lines on four workers held 6.5 GiB and took 69 s of CPU, the
// collector thrashing, against 7 s each alone.
const FileMemoryBudget = 1 << 30

// peakBytesPerSourceByte bounds the live heap checking a file holds at its peak per byte of
// source, with every rule on (the memory rules with a target included). Measured as the largest
// heap left after a collection with GOGC=25 GODEBUG=gctrace=1 on generated files (bench/cost.sh):
// 158 for 8.4 MB of `x=1` lines (1.33 GB), 100-106 for the 7.6 MB file of 160,000 small
// functions (759-806 MB), 112 for an 8 MB list literal (897 MB), 101 for 7 MB of NumPy calls at
// module level (713 MB).
const peakBytesPerSourceByte = 160

// MaxFileSize is the largest source Check analyses: 8.5 MiB, which at the 120 bytes per source
// byte first measured was FileMemoryBudget; at the worst measured since (158) such a file holds
// 1.4 GB, and is checked alone. A larger file gets one AL901 finding naming the limit, before it
// is parsed, instead of an analysis holding gigabytes: a 60 MB file held 6.1 GB. Well below
// pyparse.MaxFileSize.
const MaxFileSize = FileMemoryBudget / 120

// SizeError returns why a source of size bytes is not checked, or nil when it is within
// MaxFileSize. The language server and `arraylint mem` refuse such files with it too.
func SizeError(size int) error {
	if size <= MaxFileSize {
		return nil
	}
	return fmt.Errorf("%s is over the %s size limit (%s of memory per file)",
		mebibytes(int64(size)), mebibytes(MaxFileSize), mebibytes(FileMemoryBudget))
}

// mebibytes renders n bytes as "57.2 MiB", or "1 GiB" for whole gibibytes.
func mebibytes(n int64) string {
	if n%(1<<30) == 0 {
		return fmt.Sprintf("%d GiB", n>>30)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// fileMemory estimates the memory checking a file of size bytes holds at its peak: a file within
// MaxFileSize is analysed, one over it only read.
func fileMemory(size int64) int64 {
	if size > MaxFileSize {
		return size
	}
	return size * peakBytesPerSourceByte
}

// memoryGate admits files to be checked, in the order they ask, while the estimates of those
// admitted fit in FileMemoryBudget (or when none is, so that any file can run). The zero value
// is ready to use.
type memoryGate struct {
	mu         sync.Mutex
	cond       *sync.Cond
	used       int64  // the estimates of the files admitted and not yet released
	running    int    // how many
	next, last uint64 // the ticket admitted next, and the last ticket handed out
}

// acquire waits until a file needing n bytes may start.
func (g *memoryGate) acquire(n int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.cond == nil {
		g.cond = sync.NewCond(&g.mu)
	}
	ticket := g.last
	g.last++
	for ticket != g.next || g.running > 0 && g.used+n > FileMemoryBudget {
		g.cond.Wait()
	}
	g.next++
	g.used += n
	g.running++
	g.cond.Broadcast() // the next ticket may fit too
}

// release returns what acquire(n) took.
func (g *memoryGate) release(n int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.used -= n
	g.running--
	if g.cond != nil {
		g.cond.Broadcast()
	}
}

// Admit waits until the file at path may be checked beside the files already being checked by
// this runner (CheckFiles, and callers with workers of their own such as --fix), so that their
// peak memory stays within FileMemoryBudget, and returns the function to call when it is done.
func (rn *Runner) Admit(path string) (done func()) {
	var n int64
	if info, err := os.Stat(path); err == nil {
		n = fileMemory(info.Size())
	}
	rn.gate.acquire(n)
	return func() { rn.gate.release(n) }
}
