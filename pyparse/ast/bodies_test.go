package ast_test

import (
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// TestBodies checks the statement lists Bodies gives of each compound statement, and none of a
// simple one.
func TestBodies(t *testing.T) {
	f, err := pyparse.Parse([]byte(`def f():
    a
try:
    b
except E:
    c
else:
    d
finally:
    e
match x:
    case 1:
        g
    case _:
        h
x = 1
`))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{1, 4, 2, 0} {
		if got := len(ast.Bodies(f.Module.Body[i])); got != want {
			t.Errorf("statement %d: %d bodies, want %d", i, got, want)
		}
	}
}
