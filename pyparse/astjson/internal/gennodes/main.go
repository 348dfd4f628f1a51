// Command gennodes writes pyparse/astjson/nodes_gen.go, the per-node encoder, from the node
// types of pyparse/ast/nodes_gen.go. Run by `go generate ./pyparse/astjson` (from the astjson
// directory).
package main

import (
	"fmt"
	"os"

	"github.com/arraylint/arraylint/pyparse/astjson/internal/gen"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gennodes:", err)
		os.Exit(1)
	}
}

func run() error {
	src, err := os.ReadFile("../ast/nodes_gen.go")
	if err != nil {
		return fmt.Errorf("read ast nodes: %w", err)
	}
	nodes, err := gen.Schema(src)
	if err != nil {
		return err
	}
	out, err := gen.Encoder(nodes)
	if err != nil {
		return err
	}
	if err := os.WriteFile("nodes_gen.go", out, 0o644); err != nil {
		return fmt.Errorf("write encoder: %w", err)
	}
	return nil
}
