package pyparse_test

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
)

// benchFiles are large, varied modules of the Python 3.11 standard library (about 60k lines).
var benchFiles = []string{
	"_pydecimal.py", "typing.py", "argparse.py", "inspect.py", "subprocess.py", "tarfile.py",
	"turtle.py", "pydoc.py", "doctest.py", "enum.py", "dataclasses.py", "ast.py",
	"logging/__init__.py", "asyncio/base_events.py", "email/_header_value_parser.py",
	"collections/__init__.py", "difflib.py", "ipaddress.py", "statistics.py", "pickle.py",
	"mailbox.py", "zipfile.py", "unittest/mock.py",
}

// loadBenchFiles reads benchFiles from the python3 installation, skipping the benchmark when it
// is missing.
func loadBenchFiles(b *testing.B) (srcs [][]byte, lines, size int) {
	b.Helper()
	root, err := stdlibDir()
	if err != nil {
		b.Skipf("python3 unavailable, no stdlib corpus: %v", err)
	}
	for _, name := range benchFiles {
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			b.Skipf("benchmark corpus incomplete: %v", err)
		}
		srcs = append(srcs, src)
		lines += bytes.Count(src, []byte("\n"))
		size += len(src)
	}
	return srcs, lines, size
}

// BenchmarkParseStdlib parses the benchmark files once per iteration and reports lines/s, plus the
// heap the resulting Files keep alive per source byte (ast-bytes/src-byte: tokens, comments,
// tree and line index, source excluded since Parse shares it).
func BenchmarkParseStdlib(b *testing.B) {
	srcs, lines, size := loadBenchFiles(b)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			if _, err := pyparse.Parse(src); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(retainedPerByte(srcs, size), "ast-bytes/src-byte")
}

// retainedPerByte measures the live heap held by the Files of one parse of srcs, per source byte.
func retainedPerByte(srcs [][]byte, size int) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	files := make([]*pyparse.File, len(srcs))
	for i, src := range srcs {
		files[i], _ = pyparse.Parse(src)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(files)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(size)
}

// BenchmarkParseFile parses the largest benchmark file alone (allocations per file).
func BenchmarkParseFile(b *testing.B) {
	srcs, _, _ := loadBenchFiles(b)
	src := srcs[0]
	for _, s := range srcs {
		if len(s) > len(src) {
			src = s
		}
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pyparse.Parse(src); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(bytes.Count(src, []byte("\n")))*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}
