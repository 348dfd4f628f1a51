//go:build unix

package driver

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeFixture writes path with data and mode (chmod, so umask does not interfere).
func writeFixture(t *testing.T, path, data string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noTemps fails when dir holds a temporary file of ours.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), tempMarker) {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestWriteFileKeepsMode(t *testing.T) {
	for _, mode := range []os.FileMode{0o751, 0o600 | os.ModeSetuid, 0o640 | os.ModeSetgid, 0o644 | os.ModeSticky, 0o444} {
		dir := t.TempDir()
		p := filepath.Join(dir, "x.py")
		writeFixture(t, p, "old", mode)
		if err := WriteFile(p, []byte("new"), FileStamp{}); err != nil {
			if mode == 0o444 && os.Geteuid() != 0 {
				continue // a read-only file cannot be written by its owner
			}
			t.Fatal(err)
		}
		info, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := readString(t, p); got != "new" || keptMode(info) != mode {
			t.Errorf("mode %v: content %q mode %v", mode, got, keptMode(info))
		}
		noTemps(t, dir)
	}
}

func TestWriteFileThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "real", "x.py")
	link := filepath.Join(dir, "link.py")
	writeFixture(t, target, "old", 0o644)
	if err := os.Symlink(filepath.Join("real", "x.py"), link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("new"), FileStamp{}); err != nil {
		t.Fatal(err)
	}
	info, err := os.Lstat(link)
	if err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("link.py is no longer a symlink: %v %v", info.Mode(), err)
	}
	if dest, _ := os.Readlink(link); dest != filepath.Join("real", "x.py") {
		t.Errorf("link now points to %q", dest)
	}
	if got := readString(t, target); got != "new" {
		t.Errorf("target holds %q", got)
	}
	noTemps(t, dir)
	noTemps(t, filepath.Join(dir, "real"))
}

func TestWriteFileKeepsHardLinks(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.py"), filepath.Join(dir, "b.py")
	writeFixture(t, a, "old", 0o644)
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(a)
	if err := WriteFile(b, []byte("new"), FileStamp{}); err != nil {
		t.Fatal(err)
	}
	ia, _ := os.Stat(a)
	ib, _ := os.Stat(b)
	if !os.SameFile(ia, ib) || !os.SameFile(ia, before) {
		t.Errorf("the links no longer name one inode")
	}
	if readString(t, a) != "new" || readString(t, b) != "new" {
		t.Errorf("contents %q %q", readString(t, a), readString(t, b))
	}
	noTemps(t, dir)
}

// TestWriteFileKeepsOwner: a file owned by another user is written in place, so owner and group
// stay. Only root can create such a file.
func TestWriteFileKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another user")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "x.py")
	writeFixture(t, p, "old", 0o664)
	if err := os.Chown(p, 12345, 23456); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new"), FileStamp{}); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(p)
	st := info.Sys().(*syscall.Stat_t)
	if st.Uid != 12345 || st.Gid != 23456 || readString(t, p) != "new" {
		t.Errorf("owner %d:%d content %q", st.Uid, st.Gid, readString(t, p))
	}
}

// TestWriteFileRefusesChangedFile: a file changed after it was read is not overwritten.
func TestWriteFileRefusesChangedFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.py")
	writeFixture(t, p, "old", 0o644)
	_, stamp, err := ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	writeFixture(t, p, "changed meanwhile", 0o644)
	err = WriteFile(p, []byte("new"), stamp)
	if err == nil || !strings.Contains(err.Error(), "changed while it was being fixed") {
		t.Errorf("got %v", err)
	}
	if got := readString(t, p); got != "changed meanwhile" {
		t.Errorf("file overwritten: %q", got)
	}

	// An edit of the same size with the old modification time is still seen.
	writeFixture(t, p, "old", 0o644)
	before, _ := os.Stat(p)
	_, stamp, _ = ReadFile(p)
	writeFixture(t, p, "odd", 0o644)
	os.Chtimes(p, before.ModTime(), before.ModTime())
	if err := WriteFile(p, []byte("new"), stamp); err == nil {
		t.Errorf("a same-size edit went unnoticed; file now %q", readString(t, p))
	}

	// A concurrent run that already wrote the same fix is no error.
	writeFixture(t, p, "old", 0o644)
	_, stamp, _ = ReadFile(p)
	writeFixture(t, p, "new", 0o644)
	if err := WriteFile(p, []byte("new"), stamp); err != nil || readString(t, p) != "new" {
		t.Errorf("the same fix written twice: %v, %q", err, readString(t, p))
	}
}

func TestReadFileWhole(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 511, 512, 4096, 4097, 1 << 20} {
		want := make([]byte, n)
		for i := range want {
			want[i] = byte('a' + i%26)
		}
		p := filepath.Join(dir, strconv.Itoa(n)+".py")
		writeFixture(t, p, string(want), 0o644)
		got, stamp, err := ReadFile(p)
		if err != nil || !bytes.Equal(got, want) || !bytes.Equal(stamp.content, want) {
			t.Errorf("%d bytes: read %d bytes (%v)", n, len(got), err)
		}
	}
}

// TestReadAllPastStat reads a file that holds more than its stat said (one that grew between
// the stat and the read): the whole of it comes back.
func TestReadAllPastStat(t *testing.T) {
	p := filepath.Join(t.TempDir(), "grown.py")
	want := strings.Repeat("x = 1\n", 1000)
	writeFixture(t, p, want, 0o644)
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, size := range []int64{0, 10, 5999, -1} {
		if _, err := f.Seek(0, 0); err != nil {
			t.Fatal(err)
		}
		got, err := readAll(f, size)
		if err != nil || string(got) != want {
			t.Errorf("stat size %d: read %d bytes of %d (%v)", size, len(got), len(want), err)
		}
	}
}

func TestReadFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.py")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{fifo: "a named pipe", dir: "a directory"} {
		_, _, err := ReadFile(path) // must not block on the pipe
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", path, err, want)
		}
	}
}

func TestCleanStaleTemps(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	dead := deadPID(t)
	names := map[string]bool{ // name -> removed
		".x.py" + tempMarker + strconv.Itoa(dead) + "-0123456789ab":        true,
		".x.py" + tempMarker + strconv.Itoa(os.Getpid()) + "-0123456789ab": false, // a live run's
		".x.py" + tempMarker + strconv.Itoa(dead) + "-notrandomhex":        false, // not our naming
		"x.py" + tempMarker + strconv.Itoa(dead) + "-0123456789ab":         false, // not hidden
		".y.py" + tempMarker + strconv.Itoa(dead) + "-abcdefabcdef":        true,
		".z.py" + tempMarker + strconv.Itoa(dead) + "-abcdefabcdef.recent": false,
		// Another file's, not being fixed: left to the run that fixes it.
		".other.py" + tempMarker + strconv.Itoa(dead) + "-abcdefabcdef": false,
		".y" + tempMarker + strconv.Itoa(dead) + "-abcdefabcdef":        false,
	}
	for n := range names {
		p := filepath.Join(dir, n)
		writeFixture(t, p, "tmp", 0o600)
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	recent := ".w.py" + tempMarker + strconv.Itoa(dead) + "-abcdefabcdef"
	writeFixture(t, filepath.Join(dir, recent), "tmp", 0o600)
	names[recent] = false // too young: its run may just have been reaped
	CleanStaleTemps([]string{filepath.Join(dir, "x.py"), filepath.Join(dir, "y.py"), filepath.Join(dir, "z.py"), filepath.Join(dir, "w.py")})
	for n, removed := range names {
		_, err := os.Stat(filepath.Join(dir, n))
		if gone := err != nil; gone != removed {
			t.Errorf("%s: removed %v, want %v", n, gone, removed)
		}
	}
}

// deadPID returns the pid of a process that has exited and been reaped.
func deadPID(t *testing.T) int {
	t.Helper()
	p, err := os.StartProcess("/bin/true", []string{"true"}, &os.ProcAttr{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	return p.Pid
}

// TestFixKeepsLineEndings: fixes that insert "\n" into CRLF and CR files insert the file's own
// line break, and every byte outside the edits is unchanged.
func TestFixKeepsLineEndings(t *testing.T) {
	rn := mustRunner(t, splitWord)
	for _, eol := range []string{"\r\n", "\r", "\n"} {
		src := "a = 1" + eol + "x = split" + eol + "b = 2" + eol
		res, err := rn.FixSource(context.Background(), "t.py", []byte(src), nil, false)
		if err != nil {
			t.Fatal(err)
		}
		want := "a = 1" + eol + "x = done" + eol + "y = 2" + eol + eol + "b = 2" + eol
		if string(res.Src) != want {
			t.Errorf("eol %q: got %q, want %q", eol, res.Src, want)
		}
		p := filepath.Join(t.TempDir(), "t.py")
		writeFixture(t, p, src, 0o644)
		if err := WriteFile(p, res.Src, FileStamp{}); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(p); !bytes.Equal(got, []byte(want)) {
			t.Errorf("eol %q: written %q", eol, got)
		}
	}
}

func TestWithLineEnding(t *testing.T) {
	for _, c := range []struct{ text, eol, want string }{
		{"a\nb\n", "\r\n", "a\r\nb\r\n"},
		{"a\r\nb\n", "\r", "a\rb\r"},
		{"a\r\nb\rc", "\n", "a\nb\nc"},
		{"ab", "\r\n", "ab"},
	} {
		if got := withLineEnding(c.text, c.eol); got != c.want {
			t.Errorf("withLineEnding(%q, %q) = %q, want %q", c.text, c.eol, got, c.want)
		}
	}
	for src, want := range map[string]string{"a\r\nb": "\r\n", "a\rb\r\n": "\r", "a\nb\r\n": "\n", "a": "\n", "a\r": "\r"} {
		if got := lineEnding([]byte(src)); got != want {
			t.Errorf("lineEnding(%q) = %q, want %q", src, got, want)
		}
	}
}
