package ast_test

import (
	"fmt"
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

// TestFlattenAndTargetNames checks Flatten's order and where it stops, and the names a target
// binds.
func TestFlattenAndTargetNames(t *testing.T) {
	f, err := pyparse.Parse([]byte(`a, (b, *c) = x
if y:
    [d, e.f] = z
    def g():
        h = 1
for i in r:
    j = 2
`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, st := range ast.Flatten(f.Module.Body, ast.NotScope) {
		if asg, ok := st.(*ast.Assign); ok {
			got = append(got, ast.TargetNames(asg.Targets[0])...)
		}
	}
	if want := "a b c d j"; fmt.Sprint(got) != "["+want+"]" {
		t.Errorf("names bound outside defs = %v, want [%s]", got, want)
	}
	if n := len(ast.Flatten(f.Module.Body, func(ast.Stmt) bool { return false })); n != 3 {
		t.Errorf("Flatten without entering: %d statements, want 3", n)
	}
}

// TestStmtTargets checks the targets each kind of binding statement gives, and none for others.
func TestStmtTargets(t *testing.T) {
	f, err := pyparse.Parse([]byte(`a = b = 1
c += 1
d: int = 2
for e, g in x:
    pass
with o as h, p, q as (i, j):
    pass
print(k)
`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, st := range f.Module.Body {
		var names []string
		for _, tg := range ast.StmtTargets(st) {
			names = append(names, ast.TargetNames(tg)...)
		}
		got = append(got, fmt.Sprint(names))
	}
	want := "[[a b] [c] [d] [e g] [h i j] []]"
	if fmt.Sprint(got) != want {
		t.Errorf("StmtTargets names = %v, want %s", got, want)
	}
}
