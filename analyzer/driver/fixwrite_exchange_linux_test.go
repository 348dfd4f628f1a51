package driver

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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

// saveAt replaces p by a rename, as an editor saves, with content.
func saveAt(t *testing.T, p, content string) {
	t.Helper()
	tmp := p + ".editor"
	writeFixture(t, tmp, content, 0o644)
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
}

// TestWriteFileSaveBeforeExchange: an editor save that lands after the last check and before
// the exchange is displaced by the fix and put back at once; WriteFile reports ErrChanged and
// leaves nothing beside the file.
func TestWriteFileSaveBeforeExchange(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.py")
	writeFixture(t, p, "x = bad\n", 0o644)
	_, stamp, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	raceHook = func(stage string) {
		if stage == "checked" {
			saveAt(t, p, "x = bad\ny = 1\n")
		}
	}
	defer func() { raceHook = nil }()
	werr := WriteFile(p, []byte("x = good\n"), stamp)
	if !errors.Is(werr, ErrChanged) || strings.Contains(werr.Error(), "kept in") {
		t.Errorf("WriteFile: %v, want ErrChanged with nothing kept aside", werr)
	}
	if got := readString(t, p); got != "x = bad\ny = 1\n" {
		t.Errorf("the file holds %q, want the save", got)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*arraylint*")); len(left) != 0 {
		t.Errorf("files left beside it: %v", left)
	}
}

// TestWriteFileSecondSaveDuringPutBack: an editor saves between the last check and the
// exchange, then again — from the fixed copy it read meanwhile — before the first save is put
// back. The newer save ends at the path, the earlier one in the conflict file the error names;
// no save is lost.
func TestWriteFileSecondSaveDuringPutBack(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.py")
	writeFixture(t, p, "x = bad\n", 0o644)
	_, stamp, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	raceHook = func(stage string) {
		switch stage {
		case "checked":
			saveAt(t, p, "x = bad\ny = 1\n")
		case "exchanged":
			saveAt(t, p, readString(t, p)+"z = 2\n")
		}
	}
	defer func() { raceHook = nil }()
	werr := WriteFile(p, []byte("x = good\n"), stamp)
	if !errors.Is(werr, ErrChanged) {
		t.Fatalf("WriteFile: %v, want ErrChanged", werr)
	}
	if got := readString(t, p); got != "x = good\nz = 2\n" {
		t.Errorf("the file holds %q, want the newer save", got)
	}
	m := regexp.MustCompile(`is kept in (\S+)\)$`).FindStringSubmatch(werr.Error())
	if m == nil {
		t.Fatalf("the error names no kept file: %v", werr)
	}
	if got := readString(t, m[1]); got != "x = bad\ny = 1\n" {
		t.Errorf("the kept file holds %q, want the earlier save", got)
	}
}
