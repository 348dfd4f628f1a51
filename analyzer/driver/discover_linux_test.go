package driver

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDiscoverTreeDeeperThanPathLimit: a tree 10,000 directories deep, whose paths pass the
// system's limit (PATH_MAX, 4,096 bytes) about 2,000 levels down, gives the files above the
// limit and one unreadable directory, where the limit is reached; the walk does not stop.
func TestDiscoverTreeDeeperThanPathLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the 10,000-directory tree; .ci/run runs it in full (go test ./...)")
	}
	const depth = 10000
	root := t.TempDir()
	writeFixture(t, filepath.Join(root, "top.py"), "x = 1\n", 0o644)
	writeFixture(t, filepath.Join(root, "z.py"), "x = 1\n", 0o644)
	// Made with mkdirat from the parent's descriptor: a path this long cannot be named.
	fd, err := syscall.Open(root, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range depth {
		name := "d"
		if i == 0 {
			name = "deep"
		}
		if err := syscall.Mkdirat(fd, name, 0o755); err != nil {
			t.Fatal(err)
		}
		next, err := syscall.Openat(fd, name, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
		syscall.Close(fd)
		if err != nil {
			t.Fatal(err)
		}
		fd = next
	}
	syscall.Close(fd)

	files, err := Discover([]string{root}, &ConfigCache{})
	var bad *UnreadablePaths
	if !errors.As(err, &bad) {
		t.Fatalf("Discover: %v, want the unreadable directory only", err)
	}
	if want := []string{filepath.Join(root, "top.py"), filepath.Join(root, "z.py")}; strings.Join(files, " ") != strings.Join(want, " ") {
		t.Errorf("files %v, want %v", files, want)
	}
	if len(bad.Paths) != 1 || !bad.Paths[0].Dir || !errors.Is(bad.Paths[0].Err, syscall.ENAMETOOLONG) {
		t.Fatalf("unreadable paths %+v, want one directory, name too long", bad.Paths)
	}
	if p := bad.Paths[0].Path; !strings.HasPrefix(p, filepath.Join(root, "deep")+string(os.PathSeparator)) || len(p) > 4096 {
		t.Errorf("the unreadable directory is %d bytes long, want the first one past the limit", len(p))
	}
}
