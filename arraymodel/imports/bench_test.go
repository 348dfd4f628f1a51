package imports

import (
	"os"
	"testing"

	"github.com/arraylint/arraylint/internal/pycorpus"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the benchmarks of Build over two corpora: the 40 largest files of the
// running python3's stdlib (which CI has) and every tenth file of /tmp/arraycorpus (cupy,
// cupynumeric, jax, numpy and xarray sources; skipped where it is absent). Parsing happens
// outside the timed loop.

// stdlibBenchFiles returns the 40 largest stdlib files under 1 MiB, or nil without python3.
func stdlibBenchFiles() []string {
	dir, err := pycorpus.StdlibDir()
	if err != nil {
		return nil
	}
	return pycorpus.Largest(dir, 40, nil)
}

// arrayCorpusFiles returns every tenth file of /tmp/arraycorpus in sorted order, or nil where
// the corpus is absent.
func arrayCorpusFiles() []string {
	all := pycorpus.Files("/tmp/arraycorpus")
	var out []string
	for i := 0; i < len(all); i += 10 {
		out = append(out, all[i])
	}
	return out
}

func benchBuild(b *testing.B, paths []string, why string) {
	if len(paths) == 0 {
		b.Skip(why)
	}
	var mods []*ast.Module
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		f, err := pyparse.Parse(src)
		if err != nil || f == nil {
			continue // not treated as Python (too large, binary, UTF-16): nothing to build
		}
		mods = append(mods, f.Module)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, m := range mods {
			Build(m)
		}
	}
}

// BenchmarkBuildStdlib times Build over the 40 largest stdlib files.
func BenchmarkBuildStdlib(b *testing.B) {
	benchBuild(b, stdlibBenchFiles(), "no python3 stdlib")
}

// BenchmarkBuildArrays times Build over every tenth file of /tmp/arraycorpus.
func BenchmarkBuildArrays(b *testing.B) {
	benchBuild(b, arrayCorpusFiles(), "no /tmp/arraycorpus (a local corpus of array-library sources)")
}
