package absint

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFileMap checks that doc.go's file map names every file of the package, test files
// aside, and no file that is not there.
func TestFileMap(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var mapped []string
	for _, m := range regexp.MustCompile(`(?m)^//\t([a-z0-9_]+\.go) `).FindAllSubmatch(doc, -1) {
		mapped = append(mapped, string(m[1]))
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			want = append(want, f)
		}
	}
	slices.Sort(mapped)
	slices.Sort(want)
	if !slices.Equal(mapped, want) {
		t.Errorf("doc.go's file map lists %v\nthe package holds %v\nadd a line per new file (what it holds), drop removed ones", mapped, want)
	}
}
