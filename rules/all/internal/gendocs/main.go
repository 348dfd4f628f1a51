// Command gendocs writes docs/rules.md, docs/rules/<CODE>.md and the rules table of README.md
// from the registered rules, and removes pages of rules that no longer exist.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/arraylint/arraylint/rules/all"
	"github.com/arraylint/arraylint/rules/all/internal/gen"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "gendocs: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	root, err := gen.RepoRoot()
	if err != nil {
		return err
	}
	docs := gen.Docs(all.Rules)
	if err := os.MkdirAll(filepath.Join(root, "docs", "rules"), 0o755); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(root, "docs", "rules", "AL*.md"))
	for _, p := range old {
		rel := "docs/rules/" + filepath.Base(p)
		if _, ok := docs[rel]; !ok && strings.HasPrefix(filepath.Base(p), "AL") {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	for rel, data := range docs {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), data, 0o644); err != nil {
			return err
		}
	}
	readme := filepath.Join(root, "README.md")
	data, err := os.ReadFile(readme)
	if err != nil {
		return err
	}
	out, ok := gen.SpliceReadme(data, gen.ReadmeTable(all.Rules))
	if !ok {
		return fmt.Errorf("update %s: the rules table markers are missing", readme)
	}
	return os.WriteFile(readme, out, 0o644)
}
