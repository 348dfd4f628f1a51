package ast

import (
	goast "go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"testing"
)

// sampleTree builds, by hand, the tree of
//
//	x = f(a) + 1
//	def g(y):
//	    return h(y)
func sampleTree() *Module {
	call := &Call{Func: &Name{ID: "f"}, Args: []Expr{&Name{ID: "a"}}}
	asg := &Assign{Targets: []Expr{&Name{ID: "x", Ctx: Store}}, Value: &BinOp{Left: call, Op: Add, Right: &Constant{}}}
	ret := &Return{Value: &Call{Func: &Name{ID: "h"}, Args: []Expr{&Name{ID: "y"}}}}
	fn := &FunctionDef{Name: "g", Args: &Arguments{Args: []*Arg{{Arg: "y"}}}, Body: []Stmt{ret}}
	return &Module{Body: []Stmt{asg, fn}}
}

// reference lists the nodes of the given types with Inspect, the slow obvious way.
func reference(root Node, types ...Node) []Node {
	var out []Node
	Inspect(root, func(n Node) bool {
		if n == nil {
			return true
		}
		if len(types) == 0 || slices.ContainsFunc(types, func(t Node) bool { return reflect.TypeOf(t) == reflect.TypeOf(n) }) {
			out = append(out, n)
		}
		return true
	})
	return out
}

func TestPreorderMatchesInspect(t *testing.T) {
	mod := sampleTree()
	in := NewInspector(mod)
	for _, types := range [][]Node{
		nil,
		{(*Call)(nil)},
		{(*Name)(nil)},
		{(*Return)(nil), (*Constant)(nil)},
		{(*Lambda)(nil)}, // absent: nothing
	} {
		got := slices.Collect(in.Preorder(types...))
		want := reference(mod, types...)
		if !slices.Equal(got, want) {
			t.Errorf("Preorder(%T) = %d nodes %v, want %d nodes %v", types, len(got), got, len(want), want)
		}
	}
	if n := in.Len(); n != len(reference(mod)) {
		t.Errorf("Len() = %d, want %d", n, len(reference(mod)))
	}
}

func TestPreorderStopsEarly(t *testing.T) {
	in := NewInspector(sampleTree())
	n := 0
	for range in.Preorder((*Name)(nil)) {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Fatalf("visited %d names after break at 2", n)
	}
}

func TestWithStack(t *testing.T) {
	mod := sampleTree()
	in := NewInspector(mod)
	var pushes, pops []string
	in.WithStack([]Node{(*Call)(nil)}, func(n Node, push bool, stack []Node) bool {
		if stack[len(stack)-1] != n || stack[0] != Node(mod) {
			t.Errorf("stack %v does not run from the module to %T", stack, n)
		}
		name := n.(*Call).Func.(*Name).ID
		if push {
			pushes = append(pushes, name)
		} else {
			pops = append(pops, name)
		}
		return true
	})
	if !slices.Equal(pushes, []string{"f", "h"}) || !slices.Equal(pops, []string{"f", "h"}) {
		t.Errorf("pushes %v pops %v, want [f h] both", pushes, pops)
	}

	// Returning false on a push skips the children and the pop.
	var seen []string
	in.WithStack([]Node{(*FunctionDef)(nil), (*Name)(nil)}, func(n Node, push bool, stack []Node) bool {
		if !push {
			if _, ok := n.(*FunctionDef); ok {
				t.Error("pop of a pruned FunctionDef was delivered")
			}
			return true
		}
		switch n := n.(type) {
		case *FunctionDef:
			return false
		case *Name:
			seen = append(seen, n.ID)
		}
		return true
	})
	if !slices.Equal(seen, []string{"x", "f", "a"}) {
		t.Errorf("names outside g = %v, want [x f a]", seen)
	}
}

func TestNilInspector(t *testing.T) {
	in := NewInspector(nil)
	for n := range in.Preorder() {
		t.Errorf("visited %T in an empty inspector", n)
	}
}

// TestKindOfCoversAllNodes fails when nodes_gen.go gains a node type that kindOf does not know.
func TestKindOfCoversAllNodes(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "nodes_gen.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Scope.Objects {
		if d.Kind == goast.Typ {
			n++
		}
	}
	if n != numKinds {
		t.Fatalf("nodes_gen.go declares %d types, kindOf knows %d: regenerate nodes_gen.go", n, numKinds)
	}
}

// Inspector.Inspect calls f on the same nodes, nils included, in the same order as ast.Inspect,
// pruning included: here every FunctionDef's and BinOp's children are skipped.
func TestInspectorInspectMatchesInspect(t *testing.T) {
	mod := sampleTree()
	record := func(walk func(f func(Node) bool)) []string {
		var out []string
		walk(func(n Node) bool {
			if n == nil {
				out = append(out, "nil")
				return true
			}
			out = append(out, reflect.TypeOf(n).String())
			switch n.(type) {
			case *FunctionDef, *BinOp:
				return false
			}
			return true
		})
		return out
	}
	want := record(func(f func(Node) bool) { Inspect(mod, f) })
	got := record(NewInspector(mod).Inspect)
	if !slices.Equal(got, want) {
		t.Errorf("Inspector.Inspect visits\n%v\nwant (ast.Inspect)\n%v", got, want)
	}
	if !slices.Contains(want, "nil") || slices.Contains(want, "*ast.Return") {
		t.Errorf("the sample does not exercise pops and pruning: %v", want)
	}
	NewInspector(nil).Inspect(func(n Node) bool {
		t.Errorf("visited %T in an empty inspector", n)
		return true
	})
}
