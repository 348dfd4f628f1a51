package astjson_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/arraylint/arraylint/pyparse/astjson/internal/gen"
)

// TestNodesGenerated fails when nodes_gen.go is not what the generator writes from the syntax
// tree's node types (a node kind or field added to pyparse/ast, or a hand edit).
func TestNodesGenerated(t *testing.T) {
	src, err := os.ReadFile("../ast/nodes_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := gen.Schema(src)
	if err != nil {
		t.Fatal(err)
	}
	want, err := gen.Encoder(nodes)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("nodes_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("pyparse/astjson/nodes_gen.go is stale: run go generate ./pyparse/astjson")
	}
}
