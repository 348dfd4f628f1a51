package imports

import (
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// Optional imports. A module imported in the body of a `try` whose handler catches a failed
// import and binds a name the body binds is one the code can run without: the handler provides
// the fallback (`try: import numpy_force as numpy / except ImportError: import numpy`; `try: from
// ._fast import step / except ImportError: from ._slow import step`; `try: import numba; HAVE =
// True / except ImportError: HAVE = False`). When it is not an array library arraylint models,
// analysis takes it to be absent: the fallback is what runs on a machine without it, and the only
// one that can be modelled. A handler that binds nothing the body binds (`except ImportError:
// pytest.skip(…)`, `raise`) says the module is required, and the body is taken. Such an import's
// binding is Optional; a name that other bindings also bind resolves through them.

// Catching returns the handler of a try that catches the exception named raised: one that names
// it (alone or in a tuple), or a bare, Exception or BaseException handler; nil when none does (or
// raised is "?", not known).
func Catching(handlers []*ast.ExceptHandler, raised string) *ast.ExceptHandler {
	for _, h := range handlers {
		if h.Type == nil {
			return h
		}
		types := []ast.Expr{h.Type}
		if t, ok := h.Type.(*ast.Tuple); ok {
			types = t.Elts
		}
		for _, t := range types {
			n := ast.TailName(t)
			if n == raised && raised != "?" || n == "Exception" || n == "BaseException" ||
				raised == "ModuleNotFoundError" && n == "ImportError" {
				return h
			}
		}
	}
	return nil
}

// FallbackHandler returns the handler of st that catches a failed import
// (ModuleNotFoundError, or ImportError, its base) and binds a name st's body binds: the fallback
// the code provides when an import of the body fails. nil when there is none.
func FallbackHandler(st *ast.Try) *ast.ExceptHandler {
	h := Catching(st.Handlers, "ModuleNotFoundError")
	if h == nil {
		return nil
	}
	body := boundNames(st.Body)
	for n := range boundNames(h.Body) {
		if body[n] {
			return h
		}
	}
	return nil
}

// boundNames are the names a block binds by assignment, import, def or class (not inside the
// functions and classes it defines).
func boundNames(block []ast.Stmt) map[string]bool {
	out := map[string]bool{}
	var target func(ast.Expr)
	target = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.Name:
			out[e.ID] = true
		case *ast.Tuple:
			for _, x := range e.Elts {
				target(x)
			}
		case *ast.List:
			for _, x := range e.Elts {
				target(x)
			}
		case *ast.Starred:
			target(e.Value)
		}
	}
	for _, st := range block {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FunctionDef:
				out[n.Name] = true
				return false
			case *ast.AsyncFunctionDef:
				out[n.Name] = true
				return false
			case *ast.ClassDef:
				out[n.Name] = true
				return false
			case *ast.Lambda:
				return false
			case *ast.Assign:
				for _, t := range n.Targets {
					target(t)
				}
			case *ast.AnnAssign:
				target(n.Target)
			case *ast.AugAssign:
				target(n.Target)
			case *ast.Import:
				for _, a := range n.Names {
					name := a.Asname
					if name == "" {
						name, _, _ = strings.Cut(a.Name, ".")
					}
					out[name] = true
				}
			case *ast.ImportFrom:
				for _, a := range n.Names {
					name := a.Asname
					if name == "" {
						name = a.Name
					}
					out[name] = true
				}
			}
			return true
		})
	}
	return out
}

// OptionalImport reports whether an import statement, in the body of a try that has a
// FallbackHandler, is taken to fail: it imports a module that is not an array library (relative
// imports included).
func OptionalImport(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.Import:
		for _, a := range st.Names {
			if _, _, ok := Classify(a.Name); !ok {
				return true
			}
		}
	case *ast.ImportFrom:
		if st.Level > 0 || st.Module == "" {
			return true
		}
		_, _, ok := Classify(st.Module)
		return !ok
	}
	return false
}

// withoutOptional drops the Optional bindings from binds when another binding remains.
func withoutOptional(binds []Binding) []Binding {
	n := 0
	for _, b := range binds {
		if !b.Optional {
			n++
		}
	}
	if n == len(binds) || n == 0 {
		return binds
	}
	out := make([]Binding, 0, n)
	for _, b := range binds {
		if !b.Optional {
			out = append(out, b)
		}
	}
	return out
}
