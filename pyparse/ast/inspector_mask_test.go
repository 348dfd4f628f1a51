package ast_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// maskSource holds node kinds of both halves of the type mask (match patterns, type
// parameters and aliases are kinds 64 and up) nested inside low kinds and each other.
const maskSource = `
type Alias[T, *Ts, **P] = list[T]
def f[T: int](x: T) -> T:
    match x:
        case [1, *rest] | {"k": 2} if rest:
            return lambda y: y + x
        case Point(x=0, y=None) as p:
            pass
    return [i for i in range(x)]
class C[U](Base, metaclass=M):
    async def g(self):
        async with a as b, c:
            await b
        try:
            pass
        except* E:
            pass
`

// TestSubtreeMasks checks every node's subtree mask and end against a slow recomputation, on
// a source with kinds from both mask words and on the large stdlib typing.py when present.
func TestSubtreeMasks(t *testing.T) {
	srcs := [][]byte{[]byte(maskSource)}
	if matches, _ := filepath.Glob("/usr/lib/python3*/typing.py"); len(matches) > 0 {
		if src, err := os.ReadFile(matches[0]); err == nil {
			srcs = append(srcs, src)
		}
	}
	for _, src := range srcs {
		f, err := pyparse.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Errors) > 0 {
			t.Fatalf("syntax errors: %v", f.Errors)
		}
		if err := ast.CheckSubtreeMasks(ast.NewInspector(f.Module)); err != nil {
			t.Error(err)
		}
	}
}
