package main

// This file wires the content cache of `check` (driver.Cache): where it is, --no-cache, and
// the counts --timings prints.

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/arraylint/arraylint/analyzer/driver"
)

// noCacheEnv set (to anything but "", "0" or "false") is --no-cache for every run, as
// RUFF_NO_CACHE is for Ruff: benchmarks that time repeated runs set it.
const noCacheEnv = "ARRAYLINT_NO_CACHE"

// defaultCacheOff makes a check that names no cache directory run without a cache: test
// binaries set it (cache_test.go) so that no test leaves a cache folder in the repository.
var defaultCacheOff bool

// cacheDirFor returns the cache directory of a run and whether it was asked for (environment
// or configuration) rather than the default: ARRAYLINT_CACHE_DIR, else the `cache-dir` of the
// configuration that applies in the current directory, else .arraylint_cache beside that
// configuration, or in the current directory when there is none.
func cacheDirFor(e *env, cc *driver.ConfigCache) (string, bool, error) {
	if d := e.getenv(driver.CacheDirEnv); d != "" {
		return d, true, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false, fmt.Errorf("find cache directory: %w", err)
	}
	cfg, err := cc.ForDir(wd)
	if err != nil {
		return "", false, err
	}
	if d := cfg.CacheDir(); d != "" {
		return d, true, nil
	}
	root := wd
	if d := cfg.FileDir(); d != "" {
		root = d
	}
	return filepath.Join(root, driver.DefaultCacheDirName), false, nil
}

// openCache returns the cache of a run, or nil: --no-cache, a test binary without a named
// directory, or a directory that cannot be made (a warning when it was asked for; the default
// one is skipped silently, as on a read-only checkout).
func openCache(e *env, cc *driver.ConfigCache, noCache bool) *driver.Cache {
	if v := e.getenv(noCacheEnv); noCache || v != "" && v != "0" && v != "false" {
		return nil
	}
	dir, asked, err := cacheDirFor(e, cc)
	if err != nil || !asked && defaultCacheOff {
		return nil // a configuration error is reported by the check itself
	}
	c, err := driver.OpenCache(dir)
	if err != nil {
		if asked {
			fmt.Fprintf(e.stderr, "arraylint: warning: checking without a cache: %v\n", err)
		}
		return nil
	}
	return c
}

// printCacheStats prints the cache's counts (with --timings).
func printCacheStats(e *env, c *driver.Cache) {
	s := c.Stats()
	fmt.Fprintf(e.stderr, "cache: %d hits, %d misses, %d written (%s)\n", s.Hits, s.Misses, s.Writes, c.Dir())
}

// cacheDirNote returns the cache directory of a run in the current directory and a comment
// saying where the setting came from, for --show-settings.
func cacheDirNote(e *env, cc *driver.ConfigCache) (string, string, error) {
	dir, asked, err := cacheDirFor(e, cc)
	if err != nil {
		return "", "", err
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	switch {
	case e.getenv(driver.CacheDirEnv) != "":
		return dir, "  # " + driver.CacheDirEnv, nil
	case asked:
		return dir, "", nil
	}
	return dir, "  # default (--no-cache: none)", nil
}
