package ast_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// benchModule parses a large stdlib file, or skips.
func benchModule(b *testing.B) *ast.Module {
	matches, _ := filepath.Glob("/usr/lib/python3*/typing.py")
	extra, _ := filepath.Glob("/root/.pyenv/versions/*/lib/python3*/typing.py")
	matches = append(matches, extra...)
	if len(matches) == 0 {
		b.Skip("no stdlib typing.py to parse")
	}
	src, err := os.ReadFile(matches[0])
	if err != nil {
		b.Skip(err)
	}
	f, err := pyparse.Parse(src)
	if err != nil {
		b.Skip(err)
	}
	return f.Module
}

func BenchmarkNewInspector(b *testing.B) {
	mod := benchModule(b)
	b.ReportAllocs()
	for b.Loop() {
		ast.NewInspector(mod)
	}
}

func BenchmarkPreorderCalls(b *testing.B) {
	in := ast.NewInspector(benchModule(b))
	b.ReportAllocs()
	for b.Loop() {
		for range in.Preorder((*ast.Call)(nil)) {
		}
	}
}

func BenchmarkInspectBaseline(b *testing.B) {
	mod := benchModule(b)
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		ast.Inspect(mod, func(ast.Node) bool { n++; return true })
	}
}

func BenchmarkInspectorInspect(b *testing.B) {
	in := ast.NewInspector(benchModule(b))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		in.Inspect(func(ast.Node) bool { n++; return true })
	}
}
