package driver

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestGoBuildID: the build ID read from a binary is the one `go tool buildid` prints, and two
// binaries of different code have different ones (the cache key of a modified build).
func TestGoBuildID(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two binaries")
	}
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	dir := t.TempDir()
	ids := map[string]bool{}
	for i, body := range []string{`println("a")`, `println("b")`} {
		src := filepath.Join(dir, "m"+string(rune('0'+i)), "main.go")
		os.MkdirAll(filepath.Dir(src), 0o755)
		if err := os.WriteFile(src, []byte("package main\n\nfunc main() { "+body+" }\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(dir, "bin"+string(rune('0'+i)))
		build := exec.Command(goBin, "build", "-o", exe, src)
		build.Env = append(os.Environ(), "GOFLAGS=", "GO111MODULE=off")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		out, err := exec.Command(goBin, "tool", "buildid", exe).Output()
		if err != nil {
			t.Fatalf("go tool buildid: %v", err)
		}
		want := strings.TrimSpace(string(out))
		got := goBuildID(exe)
		if got == "" || got != want {
			t.Fatalf("goBuildID(%s) = %q, want %q", exe, got, want)
		}
		ids[got] = true
	}
	if len(ids) != 2 {
		t.Errorf("two different programs read the same build ID")
	}
}

func TestBuildIDFormats(t *testing.T) {
	note := binary.LittleEndian.AppendUint32(nil, 4)
	note = binary.LittleEndian.AppendUint32(note, 5)
	note = binary.LittleEndian.AppendUint32(note, 4)
	note = append(note, "Go\x00\x00abcde"...)
	if got := noteBuildID(note, binary.LittleEndian); got != "abcde" {
		t.Errorf("noteBuildID = %q, want abcde", got)
	}
	if got := noteBuildID(note[:18], binary.LittleEndian); got != "" {
		t.Errorf("noteBuildID of a cut note = %q, want empty", got)
	}
	if got := rawBuildID([]byte("xx\xff Go build ID: \"a/b/c/d\"\n \xff")); got != "a/b/c/d" {
		t.Errorf("rawBuildID = %q", got)
	}
	if got := rawBuildID([]byte("no marker")); got != "" {
		t.Errorf("rawBuildID without a marker = %q", got)
	}
}
