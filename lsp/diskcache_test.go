package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// TestFirstOpenReadsCheckCache: a file `check` has cached is published on its first open with
// every rule's findings, the slow ones included, at once; other bytes are checked as always.
func TestFirstOpenReadsCheckCache(t *testing.T) {
	dir := t.TempDir()
	cacheDir := filepath.Join(dir, "cache")
	t.Setenv(driver.CacheDirEnv, cacheDir)
	t.Setenv(noCacheEnv, "")
	src := "a = np.ones(3)\nb = np.zeros(3)\n"
	path := filepath.Join(dir, "m.py")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	rules := append(testRules(), rulePeak)
	// The check run that fills the cache, as `arraylint check m.py` would.
	rn, err := driver.NewRunner(rules)
	if err != nil {
		t.Fatal(err)
	}
	c, err := driver.OpenCache(cacheDir)
	if err != nil {
		t.Fatal(err)
	}
	rn.SetCache(c)
	if res := rn.CheckFiles(context.Background(), []string{path}, &driver.ConfigCache{}, 1); len(res) != 1 || res[0].Err != nil || c.Stats().Writes != 1 {
		t.Fatalf("check to fill the cache: %+v, %+v", res, c.Stats())
	}

	cl := start(t, Options{Rules: rules, SlowDelay: time.Hour})
	cl.initialize(protocol.ClientCapabilities{}, "")
	uri := pathToURI(path)
	cl.open(uri, 1, src)
	first := cl.waitDiags(uri, 1, nil)
	if got := strings.Join(codes(first.Diagnostics), ","); got != "AL191,AL391" {
		t.Errorf("first open of a cached file: %s, want AL191 (slow) and AL391 at once", got)
	}
	// Other bytes at the same path (a fresh server: a first open again) are not the cache's: the
	// slow rule waits for the delay.
	cl2 := start(t, Options{Rules: rules, SlowDelay: time.Hour})
	cl2.initialize(protocol.ClientCapabilities{}, "")
	cl2.open(uri, 1, src+"c = np.ones(2)\n")
	if got := strings.Join(codes(cl2.waitDiags(uri, 1, nil).Diagnostics), ","); got != "AL391" {
		t.Errorf("first open of other bytes: %s, want only the fast AL391", got)
	}
}
