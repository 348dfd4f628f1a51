package memory

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoPanicOnRealCode runs every backend over NumPy's own Python sources (from Debian's
// python3-numpy): real code the estimator does not understand must give reports, never a panic
// or a hang (the statement budget bounds each scope).
func TestNoPanicOnRealCode(t *testing.T) {
	root := "/usr/lib/python3/dist-packages/numpy"
	if _, err := os.Stat(root); err != nil {
		requireTool(t, fmt.Errorf("NumPy sources not found at %s (install python3-numpy)", root))
	}
	if testing.Short() {
		t.Skip("-short skips the real-code robustness suite; .ci/run runs it in full (go test ./...)")
	}
	tg, err := TargetOptions{Target: "h100"}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".py") || strings.Contains(p, "/tests/") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		for _, b := range Backends {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s (%s): panic: %v", p, b, r)
					}
				}()
				if _, err := EstimateSource(p, src, Options{Backend: b, Target: tg}); err != nil {
					t.Errorf("%s (%s): %v", p, b, err)
				}
			}()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Errorf("only %d files under %s", n, root)
	}
}
