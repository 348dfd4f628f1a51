package driver

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOpenForWriting: the read-lease probe tells a file some descriptor holds open for writing
// (an appending writer between its open and its write) from one nobody writes.
func TestOpenForWriting(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.py")
	writeFixture(t, p, "x = 1\n", 0o644)
	r, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if writing, ok := openForWriting(r); !ok || writing {
		t.Fatalf("no writer: writing %v, ok %v", writing, ok)
	}
	w, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if writing, ok := openForWriting(r); !ok || !writing {
		t.Errorf("an appender holds it open: writing %v, ok %v", writing, ok)
	}
	w.Close()
	if writing, _ := openForWriting(r); writing {
		t.Errorf("the appender closed it: still seen writing")
	}
}

// TestWriteFileAppenderHoldingOldFile: a writer that opened the file for appending before
// --fix replaced it, and has not written yet, keeps the file: WriteFile reports ErrChanged and
// leaves the file in place, so the write lands in the file the path names.
func TestWriteFileAppenderHoldingOldFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.py")
	writeFixture(t, p, "x = bad\n", 0o644)
	_, stamp, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	w, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	werr := WriteFile(p, []byte("x = good\n"), stamp)
	if _, err := w.WriteString("y = 2\n"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if got := readString(t, p); got != "x = bad\ny = 2\n" || werr == nil {
		t.Errorf("WriteFile: %v; the file holds %q, want the appended line kept", werr, got)
	}
}
