package imports

import "github.com/arraylint/arraylint/pyparse/ast"

// Optional imports. A module imported in the body of a `try` whose handler catches ImportError
// is one the code can run without (`try: import numpy_force as numpy / except ImportError:
// import numpy`; `try: from ._fast import step / except ImportError: from ._slow import step`).
// When it is not an array library arraylint models, analysis takes it to be absent: the fallback
// the code provides is what runs on a machine without it, and the only one that can be modelled.
// Such a binding is Optional; a name that other bindings also bind resolves through them.

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
			var n string
			switch t := t.(type) {
			case *ast.Name:
				n = t.ID
			case *ast.Attribute:
				n = t.Attr
			}
			if n == raised && raised != "?" || n == "Exception" || n == "BaseException" {
				return h
			}
		}
	}
	return nil
}

// CatchesImportError reports whether a try's handlers catch a failed import (ImportError or its
// subclass ModuleNotFoundError).
func CatchesImportError(handlers []*ast.ExceptHandler) bool {
	return Catching(handlers, "ImportError") != nil || Catching(handlers, "ModuleNotFoundError") != nil
}

// OptionalImport reports whether an import statement, in the body of a try whose handlers catch
// ImportError, is taken to fail: it imports a module that is not an array library (relative
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
