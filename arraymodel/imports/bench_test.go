package imports

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the benchmarks of Build over two corpora: the 40 largest files of the
// running python3's stdlib (which CI has) and every tenth file of /tmp/arraycorpus (cupy,
// cupynumeric, jax, numpy and xarray sources; skipped where it is absent). Parsing happens
// outside the timed loop.

// benchPaths returns the .py files under root, sorted, skipping site-packages and
// dist-packages.
func benchPaths(root string) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "site-packages" || d.Name() == "dist-packages") && p != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".py") {
			out = append(out, p)
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// stdlibBenchFiles returns the 40 largest stdlib files under 1 MiB, or nil without python3.
func stdlibBenchFiles() []string {
	out, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		return nil
	}
	type sized struct {
		path string
		size int64
	}
	var all []sized
	for _, p := range benchPaths(strings.TrimSpace(string(out))) {
		if fi, err := os.Stat(p); err == nil && fi.Size() <= 1<<20 {
			all = append(all, sized{p, fi.Size()})
		}
	}
	slices.SortStableFunc(all, func(a, b sized) int { return int(b.size - a.size) })
	var paths []string
	for _, s := range all[:min(40, len(all))] {
		paths = append(paths, s.path)
	}
	return paths
}

// arrayCorpusFiles returns every tenth file of /tmp/arraycorpus in sorted order, or nil where
// the corpus is absent.
func arrayCorpusFiles() []string {
	all := benchPaths("/tmp/arraycorpus")
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
