package pyparse_test

// This file defines the helpers that locate Python corpora for the invariant, fuzz and benchmark
// tests.

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// requireTools reports whether CI asked for tests that need external tools to fail, not skip.
func requireTools() bool { return os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" }

var stdlibDir = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
})

// stdlibFiles returns the sorted .py files of the python3 installation (site-packages
// included), skipping the test when python3 is missing unless ARRAYLINT_REQUIRE_TOOLS=1.
func stdlibFiles(tb testing.TB) (root string, files []string) {
	tb.Helper()
	root, err := stdlibDir()
	if err != nil {
		if requireTools() {
			tb.Fatalf("ask python3 for its stdlib directory: %v (ARRAYLINT_REQUIRE_TOOLS=1)", err)
		}
		tb.Skipf("python3 unavailable, no stdlib corpus: %v", err)
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && strings.HasSuffix(p, ".py") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		tb.Fatalf("list %s: %v", root, err)
	}
	sort.Strings(files)
	return root, files
}

// everyNth returns files[0], files[n], files[2n], ….
func everyNth(files []string, n int) []string {
	var out []string
	for i := 0; i < len(files); i += n {
		out = append(out, files[i])
	}
	return out
}
