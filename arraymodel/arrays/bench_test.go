package arrays

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/internal/pycorpus"
	"github.com/arraylint/arraylint/pyparse"
)

// This file defines the benchmarks of the array model (imports.Build + Analyze) over two
// corpora: the largest files of the running python3's stdlib (mostly code that imports no array
// library) and array-heavy code (NumPy's and SciPy's own sources when installed, else the
// repository's example and memory programs). Parsing happens outside the timed loop.

// benchFile is one parsed corpus file.
type benchFile struct {
	file  *pyparse.File
	lines int
}

func parseAll(b *testing.B, paths []string) []benchFile {
	b.Helper()
	var out []benchFile
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		f, err := pyparse.Parse(src)
		if err != nil {
			b.Fatalf("parse %s: %v", p, err)
		}
		out = append(out, benchFile{file: f, lines: bytes.Count(src, []byte("\n"))})
	}
	return out
}

// stdlibFiles returns the 20 largest stdlib files, or nil without python3.
func stdlibFiles() []string {
	dir, err := pycorpus.StdlibDir()
	if err != nil {
		return nil
	}
	return pycorpus.Largest(dir, 20, nil)
}

// arrayFiles returns 20 large files that import numpy from the installed NumPy and SciPy
// sources, or the repository's example and memory programs when those are absent.
func arrayFiles() []string {
	importsNumPy := func(src []byte) bool { return bytes.Contains(src, []byte("import numpy")) }
	var paths []string
	for _, pkg := range []string{"numpy", "scipy"} {
		dir := filepath.Join("/usr/lib/python3/dist-packages", pkg)
		if _, err := os.Stat(dir); err == nil {
			paths = append(paths, pycorpus.Largest(dir, 10, importsNumPy)...)
		}
	}
	if len(paths) > 0 {
		return paths
	}
	for _, dir := range []string{"../../testdata/examples", "../../testdata/mem"} {
		paths = append(paths, pycorpus.Largest(dir, 100, nil)...)
	}
	return paths
}

func benchModel(b *testing.B, paths []string) {
	if len(paths) == 0 {
		b.Skip("no corpus: python3 or the array sources are not installed")
	}
	files := parseAll(b, paths)
	lines := 0
	for _, f := range files {
		lines += f.lines
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			info := Analyze(f.file, imports.Build(f.file.Module))
			info.mu.Lock()
			if info.mayArrays {
				info.walkAll() // every scope, as if every expression were asked about
			}
			info.mu.Unlock()
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkAnalyzeStdlib times imports.Build + Analyze (every scope run) over the 20 largest stdlib files.
func BenchmarkAnalyzeStdlib(b *testing.B) { benchModel(b, stdlibFiles()) }

// BenchmarkAnalyzeArrays times imports.Build + Analyze (every scope run) over array-heavy code.
func BenchmarkAnalyzeArrays(b *testing.B) { benchModel(b, arrayFiles()) }
