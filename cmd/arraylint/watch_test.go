package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the watch loop's writes and the test's reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startWatch runs arraylint with args in the background and returns its output and a function
// that interrupts it and returns its exit status.
func startWatch(t *testing.T, args ...string) (out, errOut *syncBuffer, stop func() int) {
	t.Helper()
	old := watchInterval
	watchInterval = 10 * time.Millisecond
	out, errOut = &syncBuffer{}, &syncBuffer{}
	e := &env{stdout: out, stderr: errOut, getenv: func(string) string { return "" }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- run(ctx, e, args) }()
	var once sync.Once
	code := 0
	stop = func() int {
		once.Do(func() {
			cancel()
			code = <-done
			watchInterval = old
		})
		return code
	}
	t.Cleanup(func() { stop() })
	return out, errOut, stop
}

// waitOutput waits until cond holds for the output; it fails the test after a minute (a guard
// against a hang, not a speed check).
func waitOutput(t *testing.T, what string, buf *syncBuffer, cond func(string) bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond(buf.String()) {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s; output so far:\n%s", what, buf.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// check --watch reports the file's findings, then reports again when the file changes: the
// finding goes once the file is fixed, and comes back when it is broken again; a new file is
// checked too.
func TestCheckWatch(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "model.py")
	write := func(p, s string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(model, "x = 1\nword = 'bad'\n")
	out, errOut, stop := startWatch(t, "check", "--watch", "--select", "AL801", "--output-format", "concise", dir)
	waitOutput(t, "the first run's finding", out, func(s string) bool { return strings.Count(s, "AL801") == 1 })
	waitOutput(t, "the watching message", errOut, func(s string) bool { return strings.Contains(s, "watching") })

	write(model, "x = 1\n")
	waitOutput(t, "the run after the fix", out, func(s string) bool { return strings.Contains(s, "All checks passed") })
	if !strings.Contains(errOut.String(), "model.py changed") {
		t.Errorf("stderr does not name the changed file:\n%s", errOut.String())
	}

	write(filepath.Join(dir, "new.py"), "a = 'bad'\n")
	waitOutput(t, "the new file's finding", out, func(s string) bool { return strings.Contains(s, "new.py:1:") && strings.Count(s, "AL801") == 2 })
	if code := stop(); code != exitFindings {
		t.Errorf("exit status %d after the last run found a finding, want %d", code, exitFindings)
	}
}

// mem --watch estimates again when the file changes.
func TestMemWatch(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog.py")
	if err := os.WriteFile(prog, []byte("import numpy as np\na = np.ones(1000)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, stop := startWatch(t, "mem", "--watch", prog)
	waitOutput(t, "the first estimate", out, func(s string) bool { return strings.Contains(s, "peak 7.8 KiB (8,000 B)") })
	if err := os.WriteFile(prog, []byte("import numpy as np\na = np.ones(20000)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitOutput(t, "the estimate of the changed file", out, func(s string) bool { return strings.Contains(s, "(160,000 B)") })
	if code := stop(); code != exitOK {
		t.Errorf("exit status %d, want 0", code)
	}
}

// --watch refuses standard input and --output-file, which it could not re-read or keep.
func TestWatchRefusesStdin(t *testing.T) {
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader("x = 1\n"), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	if code := run(context.Background(), e, []string{"check", "--watch", "-"}); code != exitError || !strings.Contains(errOut.String(), "--watch") {
		t.Errorf("check --watch -: status %d, stderr %q", code, errOut.String())
	}
}

// TestWatchedNames checks which files' changes re-run a watched command: Python sources,
// notebooks and configuration, not other files.
func TestWatchedNames(t *testing.T) {
	for name, want := range map[string]bool{"model.py": true, "stubs.pyi": true, "nb.ipynb": true,
		"pyproject.toml": true, "arraylint.toml": true, ".gitignore": true, "notes.txt": false, "data.npy": false} {
		if got := watchedName(name); got != want {
			t.Errorf("watchedName(%q) = %v, want %v", name, got, want)
		}
	}
}
