//go:build unix

package driver

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// unprivilegedEnv marks the copy of the test binary that asUnprivileged starts.
const unprivilegedEnv = "ARRAYLINT_TEST_UNPRIVILEGED"

// asUnprivileged reports whether the calling test should run its body here: yes when the
// process is not root (file permissions apply to it). As root, whom permissions do not stop, it
// runs this test in a copy of the test binary as user nobody instead, fails t if that fails,
// and says no.
func asUnprivileged(t *testing.T) bool {
	t.Helper()
	if os.Geteuid() != 0 {
		return true
	}
	if os.Getenv(unprivilegedEnv) != "" {
		t.Fatal("still root in the unprivileged copy")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "arraylint-unprivileged-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "analyzer.test")
	in, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(bin, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), unprivilegedEnv+"=1", "TMPDIR="+dir, "HOME="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	got, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(got), "--- PASS: "+t.Name()) {
		t.Fatalf("as nobody: %v\n%s", err, got)
	}
	return false
}

// TestUnreadableConfigIsError: a configuration file that is there but cannot be read stops the
// run with an error naming it, as Ruff does; it is not passed over for the defaults or a
// parent's configuration.
func TestUnreadableConfigIsError(t *testing.T) {
	if !asUnprivileged(t) {
		return
	}
	for _, name := range ConfigFileNames {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			writeFixture(t, filepath.Join(root, "arraylint.toml"), "select = [\"ALL\"]\n", 0o644)
			dir := filepath.Join(root, "pkg")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			cfgPath := filepath.Join(dir, name)
			writeFixture(t, cfgPath, "[tool.arraylint]\nignore = [\"AL302\"]\n", 0o000)
			want := "load config " + cfgPath + ": permission denied"
			if _, err := (&ConfigCache{}).ForDir(dir); err == nil || err.Error() != want {
				t.Errorf("ForDir: got %v, want %q", err, want)
			}
			if _, err := LoadConfig(dir); err == nil || err.Error() != want {
				t.Errorf("LoadConfig: got %v, want %q", err, want)
			}
			writeFixture(t, filepath.Join(dir, "m.py"), "x = 1\n", 0o644)
			if files, err := Discover([]string{root}, &ConfigCache{}); err == nil || errors.As(err, new(*UnreadablePaths)) {
				t.Errorf("Discover: files %v, error %v; want the configuration's error", files, err)
			}
		})
	}
}

// TestConfigNotRegularFile: a named pipe or a directory where a configuration file is looked
// for is an error at once, never a read that waits for a writer.
func TestConfigNotRegularFile(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "arraylint.toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := (&ConfigCache{}).ForDir(dir)
	if err == nil || !strings.Contains(err.Error(), "not a regular file (a named pipe)") {
		t.Errorf("a named pipe: got %v", err)
	}
	if _, err := LoadConfigFile(filepath.Join(dir, "arraylint.toml")); err == nil || !strings.Contains(err.Error(), "not a regular file (a named pipe)") {
		t.Errorf("a named pipe as --config: got %v", err)
	}
	dir = t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "pyproject.toml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := (&ConfigCache{}).ForDir(dir); err == nil || !strings.Contains(err.Error(), "not a regular file (a directory)") {
		t.Errorf("a directory: got %v", err)
	}
}
