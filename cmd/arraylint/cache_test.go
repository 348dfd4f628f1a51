package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Test binaries run without a cache unless a test names its directory: no test leaves a cache
// folder in the repository or its testdata.
func init() { defaultCacheOff = true }

// cacheCounts are the counts a check prints with --timings.
type cacheCounts struct{ hits, misses, written int }

var cacheLine = regexp.MustCompile(`(?m)^cache: (\d+) hits, (\d+) misses, (\d+) written`)

// checkWithCache runs `check --output-format json --timings args...` with ARRAYLINT_CACHE_DIR
// set to cacheDir and returns stdout and the cache's counts (ok false when no cache was used).
func checkWithCache(t *testing.T, cacheDir string, args ...string) (string, cacheCounts, bool) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string {
		if k == "ARRAYLINT_CACHE_DIR" {
			return cacheDir
		}
		return ""
	}}
	code := run(context.Background(), e, append([]string{"check", "--output-format", "json", "--timings", "--exit-zero"}, args...))
	if code != exitOK {
		t.Fatalf("check %v: status %d, stderr %s", args, code, errb.String())
	}
	m := cacheLine.FindStringSubmatch(errb.String())
	if m == nil {
		return out.String(), cacheCounts{}, false
	}
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	return out.String(), cacheCounts{n(m[1]), n(m[2]), n(m[3])}, true
}

// cacheProject writes a project whose main.py calls a function of helper.py (which the memory
// estimate follows), and other.py, which follows nothing.
func cacheProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"pyproject.toml": "[tool.arraylint.memory]\ntarget = \"h100\"\n",
		"helper.py":      "import numpy as np\n\ndef make(n):\n    return np.zeros((n, n))\n",
		"main.py":        "import numpy as np\nfrom helper import make\n\ndef main():\n    a = make(300000)\n    b = a + 1\n    return b\n",
		"other.py":       "import numpy as np\n\nx = np.zeros(10)\ny = x.astype(np.float32)\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCacheInvalidation: an unchanged re-run is served from the cache; a changed file, a changed
// module the file follows, a changed setting and a changed configuration each check again, and
// every cached result equals the one checked without the cache.
func TestCacheInvalidation(t *testing.T) {
	proj := cacheProject(t)
	cache := filepath.Join(t.TempDir(), "cache")
	want := func(args ...string) string {
		out, _, used := checkWithCache(t, cache, append([]string{"--no-cache"}, args...)...)
		if used {
			t.Fatalf("--no-cache used the cache")
		}
		return out
	}
	step := func(name string, c cacheCounts, args ...string) {
		t.Helper()
		got, counts, used := checkWithCache(t, cache, args...)
		if !used {
			t.Fatalf("%s: no cache used", name)
		}
		if counts != c {
			t.Errorf("%s: cache %+v, want %+v", name, counts, c)
		}
		if w := want(args...); got != w {
			t.Errorf("%s: output with the cache differs from --no-cache:\n%s\nwant:\n%s", name, got, w)
		}
	}
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	step("cold", cacheCounts{0, 3, 3}, "--select", "ALL", proj)
	step("unchanged", cacheCounts{3, 0, 0}, "--select", "ALL", proj)
	if out, _, _ := checkWithCache(t, cache, "--select", "ALL", proj); !bytes.Contains([]byte(out), []byte("AL101")) {
		t.Fatalf("main.py's estimate did not follow helper.py: %s", out)
	}

	// A followed module changes: it and main.py, which follows it, are checked again.
	write("helper.py", "import numpy as np\n\ndef make(n):\n    return np.zeros((n, 2))\n")
	step("followed module changed", cacheCounts{1, 2, 2}, "--select", "ALL", proj)
	// The file itself changes: only it is checked again.
	write("main.py", "import numpy as np\nfrom helper import make\n\ndef main():\n    a = make(300000)\n    b = a + 2\n    return b\n")
	step("file changed", cacheCounts{2, 1, 1}, "--select", "ALL", proj)

	// Settings: the selection, a rule option, a section value, the configuration file.
	step("selection changed", cacheCounts{0, 3, 3}, "--select", "AL1,AL3", proj)
	step("option changed", cacheCounts{0, 3, 3}, "--select", "ALL", "--scale", "known", proj)
	step("memory flag changed", cacheCounts{0, 3, 3}, "--select", "ALL", "--target", "a100-80gb", proj)
	step("back to the first settings", cacheCounts{3, 0, 0}, "--select", "ALL", proj)
	write("pyproject.toml", "[tool.arraylint.memory]\ntarget = \"h200\"\n")
	step("configuration changed", cacheCounts{0, 3, 3}, "--select", "ALL", proj)
	write("pyproject.toml", "[tool.arraylint.memory]\ntarget = \"h200\"\n\n[tool.arraylint.rules.AL301]\nseverity = \"error\"\n")
	step("severity changed", cacheCounts{0, 3, 3}, "--select", "ALL", proj)
}

// TestCacheCorruptEntries: truncated, garbled and emptied entries are checked again and
// rewritten; the output is the same.
func TestCacheCorruptEntries(t *testing.T) {
	proj := cacheProject(t)
	cache := filepath.Join(t.TempDir(), "cache")
	want, _, _ := checkWithCache(t, cache, "--select", "ALL", proj)
	var entries []string
	filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Base(filepath.Dir(filepath.Dir(p))) == "arraylint-cache-1" {
			entries = append(entries, p)
		}
		return nil
	})
	if len(entries) != 3 {
		t.Fatalf("%d entries, want 3: %v", len(entries), entries)
	}
	for i, p := range entries {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		switch i {
		case 0:
			data = data[:len(data)/2]
		case 1:
			data[len(data)-3] ^= 0x20
		default:
			data = nil
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, c, _ := checkWithCache(t, cache, "--select", "ALL", proj)
	if c != (cacheCounts{0, 3, 3}) || got != want {
		t.Errorf("corrupt entries: cache %+v, output equal %v", c, got == want)
	}
	if _, c, _ := checkWithCache(t, cache, "--select", "ALL", proj); c != (cacheCounts{3, 0, 0}) {
		t.Errorf("rewritten entries: cache %+v, want 3 hits", c)
	}
}

// TestNoCache: --no-cache neither reads nor writes the cache.
func TestNoCache(t *testing.T) {
	proj := cacheProject(t)
	cache := filepath.Join(t.TempDir(), "cache")
	if _, _, used := checkWithCache(t, cache, "--no-cache", proj); used {
		t.Error("--no-cache used the cache")
	}
	if _, err := os.Stat(cache); err == nil {
		t.Error("--no-cache made the cache directory")
	}
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string {
		return map[string]string{"ARRAYLINT_CACHE_DIR": cache, "ARRAYLINT_NO_CACHE": "1"}[k]
	}}
	run(context.Background(), e, []string{"check", "--timings", proj})
	if _, err := os.Stat(cache); err == nil || strings.Contains(errb.String(), "cache:") {
		t.Error("ARRAYLINT_NO_CACHE=1 used the cache")
	}
}

// TestCacheDirSetting: `cache-dir` in the configuration places the cache (relative to the
// configuration's directory) when ARRAYLINT_CACHE_DIR is not set.
func TestCacheDirSetting(t *testing.T) {
	proj := cacheProject(t)
	if err := os.WriteFile(filepath.Join(proj, "arraylint.toml"), []byte("cache-dir = \"build/lintcache\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(proj)
	_, c, used := checkWithCache(t, "", ".")
	if !used || c.written != 3 {
		t.Fatalf("cache-dir: used %v, %+v", used, c)
	}
	if _, err := os.Stat(filepath.Join(proj, "build", "lintcache", ".gitignore")); err != nil {
		t.Errorf("cache-dir not used: %v", err)
	}

	// --show-settings shows the cache directory and the project root whose modules are followed.
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	if code := run(context.Background(), e, []string{"check", "--show-settings", "main.py"}); code != exitOK {
		t.Fatalf("--show-settings: status %d: %s", code, errb.String())
	}
	real, _ := filepath.EvalSymlinks(proj)
	for _, want := range []string{
		fmt.Sprintf("cache-dir = %q\n", filepath.Join(proj, "build", "lintcache")),
		fmt.Sprintf("project-root = %q  # imported modules under it are followed\n", proj),
	} {
		if !strings.Contains(out.String(), want) && !strings.Contains(out.String(), strings.ReplaceAll(want, proj, real)) {
			t.Errorf("--show-settings lacks %q:\n%s", want, out.String())
		}
	}
}

// TestCacheConcurrentRuns: runs sharing a cache directory at the same time all print the output
// of a run without the cache, and leave entries a later run serves. (Processes: see
// driver.TestCacheTwoProcesses.)
func TestCacheConcurrentRuns(t *testing.T) {
	proj := cacheProject(t)
	cache := filepath.Join(t.TempDir(), "cache")
	want, _, _ := checkWithCache(t, cache, "--no-cache", "--select", "ALL", proj)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Go(func() {
			var out, errb bytes.Buffer
			e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string {
				if k == "ARRAYLINT_CACHE_DIR" {
					return cache
				}
				return ""
			}}
			run(context.Background(), e, []string{"check", "--output-format", "json", "--exit-zero", "--select", "ALL", proj})
			if out.String() != want {
				errs <- fmt.Errorf("run %d: output differs: %s", i, errb.String())
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if _, c, _ := checkWithCache(t, cache, "--select", "ALL", proj); c != (cacheCounts{3, 0, 0}) {
		t.Errorf("after concurrent runs: cache %+v, want 3 hits", c)
	}
}

// TestCacheModuleAppears: a module the analysis looked for and did not find is part of the
// entry too: once it is written, the file importing it is checked again (and now follows it).
func TestCacheModuleAppears(t *testing.T) {
	proj := cacheProject(t)
	cache := filepath.Join(t.TempDir(), "cache")
	src := "import numpy as np\nfrom later import make\n\ndef main():\n    a = make(300000)\n    return a\n"
	if err := os.WriteFile(filepath.Join(proj, "main.py"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	before, c, _ := checkWithCache(t, cache, "--select", "ALL", proj)
	if c != (cacheCounts{0, 3, 3}) {
		t.Fatalf("cold: %+v", c)
	}
	if err := os.WriteFile(filepath.Join(proj, "later.py"), []byte("import numpy as np\n\ndef make(n):\n    return np.zeros((n, n))\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	after, c, _ := checkWithCache(t, cache, "--select", "ALL", proj)
	if c != (cacheCounts{2, 2, 2}) { // main.py again, later.py new
		t.Errorf("after later.py appeared: %+v, want main.py and later.py checked", c)
	}
	if before == after || !strings.Contains(after, "AL101") {
		t.Errorf("main.py does not follow the new module:\n%s", after)
	}
}
