package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer/driver"
)

// TestMemTooLarge checks that `arraylint mem` refuses a file over driver.MaxFileSize before
// parsing it, naming the file and the limit.
func TestMemTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.py")
	src := "import numpy as np\na = np.zeros(10)\n" + strings.Repeat("#", driver.MaxFileSize)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMemCmd(t, path)
	want := "arraylint mem: " + path + " not estimated: 8.5 MiB is over the 8.5 MiB size limit (1 GiB of memory per file)\n"
	if code != exitError || out != "" || errs != want {
		t.Errorf("mem on a file over the limit: status %d, stdout %q, stderr %q; want %d and %q", code, out, errs, exitError, want)
	}
}
