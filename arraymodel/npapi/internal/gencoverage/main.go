// Command gencoverage writes docs/api-coverage.md from the API table, the usage count in
// bench/apicount.txt and the CuPy/jax.numpy availability in bench/apibackends.txt. Run it with `go generate ./arraymodel/npapi`.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/arraylint/arraylint/arraymodel/npapi"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "gencoverage: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	// go generate runs in the package directory, arraymodel/npapi.
	root := filepath.Join("..", "..")
	text, err := os.ReadFile(filepath.Join(root, "bench", "apicount.txt"))
	if err != nil {
		return err
	}
	usage, err := npapi.ParseUsage(string(text))
	if err != nil {
		return err
	}
	atext, err := os.ReadFile(filepath.Join(root, "bench", "apibackends.txt"))
	if err != nil {
		return err
	}
	avail, err := npapi.ParseAvailability(string(atext))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, "docs", "api-coverage.md"), []byte(npapi.CoverageDoc(usage, avail)), 0o644)
}
