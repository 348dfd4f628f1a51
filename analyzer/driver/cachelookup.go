package driver

import "github.com/arraylint/arraylint/analyzer"

// Lookup returns the findings c holds for checking src at path under cfg with rn, when it has
// an entry under that key and every file the entry depends on is unchanged. It never checks and
// never writes: the language server reads the cache `check` wrote this way when it opens a
// document, and checks on a miss as it always does.
func (c *Cache) Lookup(rn *Runner, path string, src []byte, cfg *Config) ([]analyzer.Finding, bool) {
	if cfg == nil {
		cfg = Default("")
	}
	key, ok := rn.cacheKey(c, path, src, cfg)
	if !ok {
		c.misses.Add(1)
		return nil, false
	}
	e, ok := c.get(key)
	if !ok {
		c.misses.Add(1)
		return nil, false
	}
	c.hits.Add(1)
	return e.Findings, true
}
