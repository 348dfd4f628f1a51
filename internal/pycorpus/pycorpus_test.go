package pycorpus

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFilesAndLargest(t *testing.T) {
	root := t.TempDir()
	write := func(rel string, size int) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Repeat("#", size)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("b.py", 30)
	write("a.py", 30)
	write("pkg/c.py", 50)
	write("pkg/notes.txt", 500)
	write("site-packages/d.py", 900)
	write("big.py", 2<<20)
	rel := func(ps []string) []string {
		var out []string
		for _, p := range ps {
			r, _ := filepath.Rel(root, p)
			out = append(out, r)
		}
		return out
	}
	if got, want := rel(Files(root)), []string{"a.py", "b.py", "big.py", "pkg/c.py"}; !slices.Equal(got, want) {
		t.Errorf("Files: %v, want %v", got, want)
	}
	// largest first, ties in path order, over 1 MiB left out
	if got, want := rel(Largest(root, 2, nil)), []string{"pkg/c.py", "a.py"}; !slices.Equal(got, want) {
		t.Errorf("Largest(2): %v, want %v", got, want)
	}
	short := func(src []byte) bool { return len(src) < 40 }
	if got, want := rel(Largest(root, 5, short)), []string{"a.py", "b.py"}; !slices.Equal(got, want) {
		t.Errorf("Largest(5, short): %v, want %v", got, want)
	}
	if got := Files(filepath.Join(root, "missing")); got != nil {
		t.Errorf("Files of a missing folder: %v", got)
	}
}
