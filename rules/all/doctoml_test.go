package all_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/rules/all/internal/gen"
	"github.com/pelletier/go-toml/v2"
)

// TestDocTOMLBlocksLoad runs every ```toml block of README.md and docs/**/*.md through the
// configuration loader, with every rule registered: a block holding [tool.arraylint…] must load
// as a pyproject.toml; any other block (an editor's configuration) must at least be valid TOML.
func TestDocTOMLBlocksLoad(t *testing.T) {
	root, err := gen.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	files := []string{filepath.Join(root, "README.md")}
	err = filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		for i, b := range blocks(string(data)) {
			if b.lang != "toml" {
				continue
			}
			n++
			if !strings.Contains(b.code, "[tool.arraylint") {
				var v map[string]any
				if err := toml.Unmarshal([]byte(b.code), &v); err != nil {
					t.Errorf("%s: toml block %d is not valid TOML: %v\n%s", rel, i, err, b.code)
				}
				continue
			}
			if _, err := driver.ParseConfig(filepath.Join(t.TempDir(), "pyproject.toml"), []byte(b.code)); err != nil {
				t.Errorf("%s: toml block %d does not load: %v\n%s", rel, i, err, b.code)
			}
		}
	}
	if n < 3 {
		t.Errorf("found %d toml blocks; the README and docs/memory.md hold at least one each", n)
	}
}
