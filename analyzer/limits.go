package analyzer

import "fmt"

// This file defines the bound on the cost of checking one file.

// FileMemoryBudget is the most memory checking one file may hold at its peak: 1 GiB.
const FileMemoryBudget = 1 << 30

// peakBytesPerSourceByte bounds the live heap checking a file holds at its peak per byte of
// source, with every rule on (the memory rules with a target included). Measured as the largest
// heap left after a collection with GOGC=25 GODEBUG=gctrace=1 on generated files (bench/cost.sh):
// 100-106 for the 7.6 MB file of 160,000 small functions (759-806 MB), 112 for an 8 MB list
// literal (897 MB), 101 for 7 MB of NumPy calls at module level (713 MB).
const peakBytesPerSourceByte = 120

// MaxFileSize is the largest source Check analyses, FileMemoryBudget / peakBytesPerSourceByte
// (8.5 MiB). A larger file gets one AL901 finding naming the limit, before it is parsed, instead
// of an analysis holding gigabytes: a 60 MB file held 6.1 GB. Well below pyparse.MaxFileSize.
const MaxFileSize = FileMemoryBudget / peakBytesPerSourceByte

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
