package lsp

import (
	"os"
	"path/filepath"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
)

// This file lets a document's first analysis come from the content cache `arraylint check`
// keeps (analyzer/driver/cache.go): the findings of every rule for the same bytes, settings,
// followed files and binary, so opening a file the last check saw publishes its complete
// findings at once, memory rules included, without the delay. The server reads the cache and
// never writes it or makes one.

// noCacheEnv set (to anything but "", "0" or "false") keeps the server off the cache, as it
// keeps `check` off it.
const noCacheEnv = "ARRAYLINT_NO_CACHE"

// cacheFor returns the cache `check` would use for a file under cfg, when that directory
// exists: ARRAYLINT_CACHE_DIR, else the configuration's cache-dir, else .arraylint_cache beside
// the configuration file. Nil when there is none.
func (s *Server) cacheFor(cfg *driver.Config) *driver.Cache {
	if v := os.Getenv(noCacheEnv); v != "" && v != "0" && v != "false" {
		return nil
	}
	dir := os.Getenv(driver.CacheDirEnv)
	if dir == "" {
		dir = cfg.CacheDir()
	}
	if dir == "" && cfg.FileDir() != "" {
		dir = filepath.Join(cfg.FileDir(), driver.DefaultCacheDirName)
	}
	if dir == "" {
		return nil
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.caches[dir]; ok {
		return c
	}
	c, err := driver.OpenCache(dir)
	if err != nil {
		c = nil
	}
	if s.caches == nil {
		s.caches = map[string]*driver.Cache{}
	}
	s.caches[dir] = c
	return c
}

// cachedFindings returns every rule's findings for snap from the cache, when it has them.
func (s *Server) cachedFindings(snap *Snapshot) ([]analyzer.Finding, bool) {
	if snap.cells != nil {
		return nil, false
	}
	cfg := s.configFor(snap.Path)
	c := s.cacheFor(cfg)
	if c == nil {
		return nil, false
	}
	return c.Lookup(s.full, snap.Path, snap.Src, cfg)
}
