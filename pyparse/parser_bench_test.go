package pyparse

import (
	"runtime"
	"testing"
)

// BenchmarkParse measures Parse (decode, lex, parse, line index) over large stdlib modules and
// reports lines/s and the heap kept by the results per source byte.
func BenchmarkParse(b *testing.B) {
	srcs, lines := loadBenchCorpus(b)
	size := 0
	for _, s := range srcs {
		size += len(s)
	}
	kept := retainedPerByte(srcs, size)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, src := range srcs {
			if _, err := Parse(src); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(kept, "kept-B/src-B")
}

// BenchmarkParseModule measures the parser alone, on pre-lexed token streams.
func BenchmarkParseModule(b *testing.B) {
	srcs, lines := loadBenchCorpus(b)
	toks := make([][]Token, len(srcs))
	size := 0
	for i, s := range srcs {
		toks[i], _, _ = Lex(s)
		size += len(s)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for i, src := range srcs {
			parseModule(src, toks[i])
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// retainedPerByte returns the live heap held by the Files of srcs (tokens, comments, AST, line
// index) per source byte.
func retainedPerByte(srcs [][]byte, size int) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	files := make([]*File, len(srcs))
	for i, s := range srcs {
		files[i], _ = Parse(s)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(files)
	return float64(after.HeapAlloc-before.HeapAlloc) / float64(size)
}
