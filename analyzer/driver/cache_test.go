package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/pyparse"
	"golang.org/x/tools/go/analysis"
)

// includeRule reports, at the start of a file with a first line `# include NAME`, the first line
// of the file NAME beside it, which it reads through analyzer.FilesOf: a rule whose result
// depends on another file.
var includeRule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL808", Name: "test-include", Summary: "a line of another file", Severity: analyzer.Warning,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		name, ok := strings.CutPrefix(strings.SplitN(string(in.File.Src), "\n", 2)[0], "# include ")
		if !ok {
			return nil, nil
		}
		data, err := analyzer.FilesOf(pass).ReadFile(filepath.Join(filepath.Dir(in.Path), name))
		msg := "no file " + name
		if err == nil {
			msg = "included: " + strings.SplitN(string(data), "\n", 2)[0]
		}
		pass.Report(in.DiagnosticRange(pyparse.Range{Start: 0, End: 1}, "%s", msg))
		return nil, nil
	},
})

// listRule reports, at the start of a file with a first line `# list`, how many entries its
// directory holds, which it lists through analyzer.FilesOf: a rule whose result depends on a
// directory's listing (the search of a project's modules for callers).
var listRule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL809", Name: "test-list", Summary: "the entries beside a file", Severity: analyzer.Warning,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		if !strings.HasPrefix(string(in.File.Src), "# list\n") {
			return nil, nil
		}
		es, err := analyzer.FilesOf(pass).ReadDir(filepath.Dir(in.Path))
		if err != nil {
			return nil, err
		}
		pass.Report(in.DiagnosticRange(pyparse.Range{Start: 0, End: 1}, "%d entries", len(es)))
		return nil, nil
	},
})

// TestCacheFollowsListings: a directory listed through analyzer.Files is part of the entry: a
// file added beside the listing file checks it again.
func TestCacheFollowsListings(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(t.TempDir(), "c")
	a := filepath.Join(dir, "a.py")
	if err := os.WriteFile(a, []byte("# list\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func() (string, CacheStats) {
		c, err := OpenCache(cache)
		if err != nil {
			t.Fatal(err)
		}
		rn := mustRunner(t, listRule)
		rn.SetCache(c)
		return findingsJSON(t, rn.CheckFiles(context.Background(), []string{a}, &ConfigCache{}, 1)), c.Stats()
	}
	if _, st := check(); st != (CacheStats{Misses: 1, Writes: 1}) {
		t.Fatalf("cold: %+v", st)
	}
	if _, st := check(); st != (CacheStats{Hits: 1}) {
		t.Fatalf("unchanged: %+v", st)
	}
	if err := os.WriteFile(filepath.Join(dir, "caller.py"), []byte("x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, st := check()
	if st != (CacheStats{Misses: 1, Writes: 1}) {
		t.Errorf("file added: %+v, want a miss", st)
	}
	if !strings.Contains(got, "2 entries") {
		t.Errorf("file added: findings %s, want 2 entries", got)
	}
}

// cachedCheck checks paths with the cache in dir and returns the findings and the cache's counts.
func cachedCheck(t *testing.T, dir string, paths ...string) ([]FileResult, CacheStats) {
	t.Helper()
	c, err := OpenCache(dir)
	if err != nil {
		t.Fatal(err)
	}
	rn := mustRunner(t, badWord, includeRule)
	rn.SetCache(c)
	res := rn.CheckFiles(context.Background(), paths, &ConfigCache{}, 2)
	for _, r := range res {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	return res, c.Stats()
}

func findingsJSON(t *testing.T, res []FileResult) string {
	t.Helper()
	var all []analyzer.Finding
	for _, r := range res {
		all = append(all, r.Findings...)
	}
	data, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestCacheFollowsReads: a file read through analyzer.Files is part of the entry: changing,
// removing or creating it checks the reading file again; the other files stay cached.
func TestCacheFollowsReads(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(t.TempDir(), "c")
	a, b, other := filepath.Join(dir, "a.py"), filepath.Join(dir, "b.txt"), filepath.Join(dir, "other.py")
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(a, "# include b.txt\nx = 'bad'\n")
	write(b, "first\n")
	write(other, "y = 'bad'\n")
	uncached := func() string {
		rn := mustRunner(t, badWord, includeRule)
		return findingsJSON(t, rn.CheckFiles(context.Background(), []string{a, other}, &ConfigCache{}, 1))
	}
	for _, tc := range []struct {
		name   string
		change func()
		want   CacheStats
	}{
		{"cold", func() {}, CacheStats{Misses: 2, Writes: 2}},
		{"unchanged", func() {}, CacheStats{Hits: 2}},
		{"read file changed", func() { write(b, "second\n") }, CacheStats{Hits: 1, Misses: 1, Writes: 1}},
		{"read file removed", func() { os.Remove(b) }, CacheStats{Hits: 1, Misses: 1, Writes: 1}},
		{"read file created", func() { write(b, "third\n") }, CacheStats{Hits: 1, Misses: 1, Writes: 1}},
		{"checked file changed", func() { write(other, "y = 'bad'  # bad\n") }, CacheStats{Hits: 1, Misses: 1, Writes: 1}},
	} {
		tc.change()
		res, st := cachedCheck(t, cache, a, other)
		if st != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, st, tc.want)
		}
		if got, want := findingsJSON(t, res), uncached(); got != want {
			t.Errorf("%s: cached findings differ:\n%s\nwant\n%s", tc.name, got, want)
		}
	}
}

// TestCacheTrim: Trim removes the least recently used entries beyond MaxBytes.
func TestCacheTrim(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 6 {
		p := filepath.Join(dir, fmt.Sprintf("f%d.py", i))
		if err := os.WriteFile(p, []byte(fmt.Sprintf("x%d = 'bad'\n", i)), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	cache := filepath.Join(t.TempDir(), "c")
	cachedCheck(t, cache, paths...)
	c, err := OpenCache(cache)
	if err != nil {
		t.Fatal(err)
	}
	size := func() (n int, total int64) {
		filepath.WalkDir(c.Dir(), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				info, _ := d.Info()
				n, total = n+1, total+info.Size()
			}
			return nil
		})
		return n, total
	}
	n, total := size()
	if n != 6 {
		t.Fatalf("%d entries, want 6", n)
	}
	// Entry f5 was used last: it survives a trim to the size of two entries.
	old := time.Now().Add(-time.Hour)
	filepath.WalkDir(c.Dir(), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chtimes(p, old, old)
		}
		return nil
	})
	if _, st := cachedCheck(t, cache, paths[5]); st.Hits != 1 {
		t.Fatalf("f5 not served: %+v", st)
	}
	c.MaxBytes = total / 3
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if n, after := size(); n != 2 || after > c.MaxBytes {
		t.Errorf("after Trim: %d entries, %d bytes (limit %d)", n, after, c.MaxBytes)
	}
	if _, st := cachedCheck(t, cache, paths[5]); st.Hits != 1 {
		t.Errorf("the most recently used entry was trimmed: %+v", st)
	}
}

// TestCacheTwoProcesses: two processes checking the same files with one cache at the same time,
// many rounds each, print the findings of a check without the cache, and leave whole entries.
func TestCacheTwoProcesses(t *testing.T) {
	if dir := os.Getenv("ARRAYLINT_TEST_CACHE_WORKER"); dir != "" {
		cacheWorker(t, dir)
		return
	}
	dir := t.TempDir()
	for i := range 40 {
		src := fmt.Sprintf("# include f%d.py\nx = 'bad' * %d\n", (i+1)%40, i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.py", i)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cache := filepath.Join(t.TempDir(), "c")
	var cmds []*exec.Cmd
	var outs []*bytes.Buffer
	for range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCacheTwoProcesses$")
		cmd.Env = append(os.Environ(), "ARRAYLINT_TEST_CACHE_WORKER="+dir, "ARRAYLINT_TEST_CACHE="+cache)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, &out)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("worker %d: %v\n%s", i, err, outs[i])
		}
	}
	res, st := cachedCheck(t, cache, filesIn(t, dir)...)
	if st.Hits != 40 {
		t.Errorf("after the workers: %+v, want 40 hits", st)
	}
	rn := mustRunner(t, badWord, includeRule)
	if got, want := findingsJSON(t, res), findingsJSON(t, rn.CheckFiles(context.Background(), filesIn(t, dir), &ConfigCache{}, 1)); got != want {
		t.Errorf("cached findings differ after concurrent runs")
	}
}

func filesIn(t *testing.T, dir string) []string {
	var out []string
	for i := range 40 {
		out = append(out, filepath.Join(dir, fmt.Sprintf("f%d.py", i)))
	}
	return out
}

// cacheWorker is one process of TestCacheTwoProcesses: rounds of checks, each with a fresh cache
// handle, some after removing entries so that both processes write.
func cacheWorker(t *testing.T, dir string) {
	cache := os.Getenv("ARRAYLINT_TEST_CACHE")
	rn := mustRunner(t, badWord, includeRule)
	want := findingsJSON(t, rn.CheckFiles(context.Background(), filesIn(t, dir), &ConfigCache{}, 1))
	for round := range 30 {
		if round%3 == 0 {
			os.RemoveAll(filepath.Join(cache, cacheFormat)) // both processes write again
		}
		res, _ := cachedCheck(t, cache, filesIn(t, dir)...)
		if got := findingsJSON(t, res); got != want {
			t.Fatalf("round %d: cached findings differ", round)
		}
	}
}

// TestCacheOtherBuild: an entry another build of arraylint wrote is not served.
func TestCacheOtherBuild(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.py")
	if err := os.WriteFile(p, []byte("x = 'bad'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(t.TempDir(), "c")
	cachedCheck(t, cache, p)
	if BuildID() == "" {
		t.Fatal("empty build identity")
	}
	c, err := OpenCache(cache)
	if err != nil {
		t.Fatal(err)
	}
	c.build += "\nanother build"
	rn := mustRunner(t, badWord, includeRule)
	rn.SetCache(c)
	rn.CheckFiles(context.Background(), []string{p}, &ConfigCache{}, 1)
	if st := c.Stats(); st.Hits != 0 || st.Misses != 1 {
		t.Errorf("another build: %+v, want a miss", st)
	}
	if _, st := cachedCheck(t, cache, p); st.Hits != 1 {
		t.Errorf("this build: %+v, want a hit", st)
	}
}
