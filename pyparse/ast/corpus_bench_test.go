package ast_test

import (
	"os"
	"testing"

	"github.com/arraylint/arraylint/internal/pycorpus"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// BenchmarkParseInspectCorpus parses every .py file under $ARRAYLINT_BENCH_CORPUS and builds its
// Inspector, the per-file work the linter does before any rule runs. It skips without the
// variable.
func BenchmarkParseInspectCorpus(b *testing.B) {
	root := os.Getenv("ARRAYLINT_BENCH_CORPUS")
	if root == "" {
		b.Skip("ARRAYLINT_BENCH_CORPUS unset: no corpus to parse")
	}
	names := pycorpus.Files(root)
	if len(names) == 0 {
		b.Fatalf("no .py files under %s", root)
	}
	var srcs [][]byte
	size := 0
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		size += len(src)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			f, err := pyparse.Parse(src)
			if err != nil {
				continue
			}
			ast.NewInspector(f.Module)
		}
	}
}
