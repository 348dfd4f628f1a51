package arrays

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/imports"
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

// largestPy returns the n largest .py files under root that keep accepts, skipping
// site-packages and dist-packages.
func largestPy(root string, n int, keep func(src []byte) bool) []string {
	type sized struct {
		path string
		size int64
	}
	var all []sized
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "site-packages" || d.Name() == "dist-packages") && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".py") {
			return nil
		}
		fi, err := d.Info()
		if err != nil || fi.Size() > 1<<20 {
			return nil
		}
		all = append(all, sized{p, fi.Size()})
		return nil
	})
	slices.SortFunc(all, func(a, b sized) int { return int(b.size - a.size) })
	var out []string
	for _, s := range all {
		if len(out) == n {
			break
		}
		if keep != nil {
			src, err := os.ReadFile(s.path)
			if err != nil || !keep(src) {
				continue
			}
		}
		out = append(out, s.path)
	}
	return out
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
	out, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		return nil
	}
	return largestPy(strings.TrimSpace(string(out)), 20, nil)
}

// arrayFiles returns 20 large files that import numpy from the installed NumPy and SciPy
// sources, or the repository's example and memory programs when those are absent.
func arrayFiles() []string {
	importsNumPy := func(src []byte) bool { return bytes.Contains(src, []byte("import numpy")) }
	var paths []string
	for _, pkg := range []string{"numpy", "scipy"} {
		dir := filepath.Join("/usr/lib/python3/dist-packages", pkg)
		if _, err := os.Stat(dir); err == nil {
			paths = append(paths, largestPy(dir, 10, importsNumPy)...)
		}
	}
	if len(paths) > 0 {
		return paths
	}
	for _, dir := range []string{"../../testdata/examples", "../../testdata/mem"} {
		paths = append(paths, largestPy(dir, 100, nil)...)
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
