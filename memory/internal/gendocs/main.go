// Command gendocs writes the generated sections of docs/memory.md (the target options and the
// presets) from package memory's tables. Run it with `go generate ./memory`.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/arraylint/arraylint/memory"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

func run() error {
	// go generate runs in the package directory, memory/.
	path := filepath.Join("..", "docs", "memory.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	out, err := memory.SpliceDocs(doc)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
