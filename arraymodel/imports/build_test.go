package imports

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

const scopesSrc = `import numpy as np

@deco(d)
def f(a: A = dflt, *args: V, k: K = kd, **kw) -> R:
    xs = [y + z for y in first for z in second if (w := y)]
    g = lambda q=ld: q + a
    class C(Base, metaclass=M):
        attr = np.zeros(n)
        def m(self):
            return attr
    return {kk: vv for kk, vv in items}, w

for i in range(3):
    with open(p) as fh:
        del fh
t = x if c else y
s = f"{fs!r:{spec}}"
`

// kinds of scope by the name of the node that opened it, for the test's expectations.
func scopeName(s *Scope) string {
	switch n := s.Node.(type) {
	case *ast.Module:
		return "module"
	case *ast.FunctionDef:
		return n.Name
	case *ast.ClassDef:
		return n.Name
	case *ast.Lambda:
		return "lambda"
	}
	return "comp"
}

func TestScopeOfEveryName(t *testing.T) {
	// A dict literal of Names visits its keys, then its values: many Names out of source
	// order, so sortNames gives way to the merge sort.
	var big strings.Builder
	big.WriteString("big = {")
	for i := range 300 {
		fmt.Fprintf(&big, "k%d: v%d, ", i, i)
	}
	big.WriteString("}\n")
	for _, src := range []string{scopesSrc, scopesSrc + big.String()} {
		f, err := pyparse.Parse([]byte(src))
		if err != nil || len(f.Errors) > 0 {
			t.Fatalf("parse: %v %v", err, f.Errors)
		}
		info := Build(f.Module)
		got := map[string]string{}
		n := 0
		ast.Inspect(f.Module, func(nd ast.Node) bool {
			name, ok := nd.(*ast.Name)
			if !ok {
				return true
			}
			n++
			s := info.ScopeOf(name)
			if s == nil {
				t.Errorf("ScopeOf(%s at %d) = nil", name.ID, name.Start)
				return true
			}
			// Each Name is a read of its scope or the node of one of its bindings.
			if name.Ctx == ast.Load {
				if !slices.Contains(s.Loads[name.ID], name) {
					t.Errorf("%s at %d: not in the Loads of its scope %s", name.ID, name.Start, scopeName(s))
				}
			} else if !slices.ContainsFunc(s.Bindings[name.ID], func(b Binding) bool { return b.Node == name }) {
				t.Errorf("%s at %d: not bound in its scope %s", name.ID, name.Start, scopeName(s))
			}
			got[name.ID] = scopeName(s)
			return true
		})
		if n != len(info.names) {
			t.Errorf("%d Names in the tree, %d recorded", n, len(info.names))
		}
		for id, want := range map[string]string{
			"deco": "module", "d": "module", "A": "module", "dflt": "module", "V": "module", "K": "module",
			"kd": "module", "R": "module", "first": "f", "second": "comp", "w": "f", "ld": "f", "q": "lambda",
			"Base": "f", "M": "f", "attr": "m", "n": "C", "items": "f", "kk": "comp", "fh": "module",
			"fs": "module", "spec": "module",
		} {
			if got[id] != want {
				t.Errorf("ScopeOf(%s) = %s, want %s", id, got[id], want)
			}
		}
	}
	info := Build(nil)
	if info.ScopeOf(nil) != nil || info.ScopeOf(&ast.Name{ID: "x"}) != nil {
		t.Error("ScopeOf of a Name not in the module: want nil")
	}
	f, _ := pyparse.Parse([]byte("x = 1\n"))
	if Build(f.Module).ScopeOf(&ast.Name{ID: "x"}) != nil {
		t.Error("ScopeOf of a Name at the offset of one in the module: want nil")
	}
}
