// Package pycorpus finds the Python files the repository's benchmarks and corpus tests read:
// the running python3's standard library, a folder's .py files, the largest of them. It is
// for tests and benchmarks only; the linter's own file discovery is analyzer/driver's.
package pycorpus

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// StdlibDir returns the standard library folder of the python3 on PATH (asked once).
var StdlibDir = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	return strings.TrimSpace(string(out)), err
})

// Files returns the .py files under root, sorted, leaving out site-packages and dist-packages
// folders below root (a standard library's installed packages). A missing root gives none.
func Files(root string) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
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

// Largest returns the n largest files of Files(root) of at most 1 MiB whose source keep accepts
// (nil: all), largest first, files of one size in path order.
func Largest(root string, n int, keep func(src []byte) bool) []string {
	type sized struct {
		path string
		size int64
	}
	var all []sized
	for _, p := range Files(root) {
		if fi, err := os.Stat(p); err == nil && fi.Size() <= 1<<20 {
			all = append(all, sized{p, fi.Size()})
		}
	}
	slices.SortStableFunc(all, func(a, b sized) int { return int(b.size - a.size) })
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
