package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMemAssumeValues: an --assume value mem cannot use is an error, as check makes it, and an
// assumption the estimate never reads is a warning; neither is ignored without a word.
func TestMemAssumeValues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.py")
	if err := os.WriteFile(path, []byte("import numpy as np\nn = int(input())\na = np.zeros((n,))\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		assume     string
		status     int
		stdout     string // a line the report must hold ("" when none is expected)
		stderr     string // what standard error must hold ("" when it must be empty)
		checkAgree bool   // check --assume gives the same status (integers only there)
	}{
		{"n=100000", exitOK, "with n = 100,000 (assumed)", "", true},
		{"n=(100000)", exitOK, "with n = 100,000 (assumed)", "", true},
		{"n=-(2**3)*-5", exitOK, "with n = 40 (assumed)", "", true},
		{"n=99999999999999999999", exitError, "", "99999999999999999999 is out of range", true},
		{"n=2**70", exitError, "", "2**70 is out of range", true},
		{"n=abc", exitError, "", "--assume n=abc: abc is neither an integer nor a value the estimate can evaluate", true},
		{"m=5", exitOK, "", "warning: --assume m: the estimate never reads m", false},
	} {
		status, out, errs := runMemCmd(t, "--assume", tc.assume, path)
		if tc.status == exitOK {
			// --target all reads the same assumptions, and warns about the same ones.
			if _, _, allErrs := runMemCmd(t, "--target", "all", "--assume", tc.assume, path); allErrs != errs {
				t.Errorf("mem --target all --assume %s: stderr %q, want %q", tc.assume, allErrs, errs)
			}
		}
		if status != tc.status || !strings.Contains(out, tc.stdout) ||
			tc.stderr == "" && errs != "" || !strings.Contains(errs, tc.stderr) {
			t.Errorf("mem --assume %s: status %d\nstdout:\n%s\nstderr:\n%s", tc.assume, status, out, errs)
		}
		if !tc.checkAgree {
			continue
		}
		// check refuses what mem refuses (exit 2) and takes what it takes.
		if got := runCheckStatus(t, "--select", "AL101", "--assume", tc.assume, path); (got == exitError) != (tc.status == exitError) {
			t.Errorf("check --assume %s: status %d, mem's %d", tc.assume, got, tc.status)
		}
	}
}

// runCheckStatus runs `arraylint check ARGS` in process and returns its exit status.
func runCheckStatus(t *testing.T, args ...string) int {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	return run(context.Background(), e, append([]string{"check"}, args...))
}
