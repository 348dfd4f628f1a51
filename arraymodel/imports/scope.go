package imports

import (
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the scope tree: which names each Python scope binds, where, and how.

// ScopeKind says which construct opened a scope.
type ScopeKind uint8

// The scope kinds.
const (
	ModuleScope ScopeKind = iota
	FunctionScope
	ClassScope
	LambdaScope
	ComprehensionScope
)

// Scope is one Python scope: the module, a function, a lambda, a class body or a comprehension.
type Scope struct {
	Kind     ScopeKind
	Node     ast.Node // *ast.Module, *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef or a comprehension
	Parent   *Scope   // nil for the module
	Children []*Scope // nested scopes in source order
	// Bindings lists, per name, every binding in this scope in source order.
	Bindings map[string][]Binding
	// Loads lists, per name, every read (Name in Load context) directly in this scope.
	Loads map[string][]*ast.Name
	// Globals and Nonlocals are the names declared `global` / `nonlocal` here (nil when none).
	Globals, Nonlocals map[string]bool
	// index is the scope's place in Info.scopes.
	index int32
}

// BindingKind says how a name was bound.
type BindingKind uint8

// The binding kinds.
const (
	BindImport BindingKind = iota // import / from-import
	BindAssign                    // assignment, augmented assignment, walrus, for/with/except target, del
	BindParam                     // function or lambda parameter
	BindDef                       // def or class statement
	BindOther                     // match capture and anything else
)

// Binding is one place a name is bound.
type Binding struct {
	Name string
	Kind BindingKind
	// Node is the binding node: the *ast.Name target, *ast.Alias, *ast.Arg, *ast.FunctionDef,
	// *ast.ClassDef, *ast.ExceptHandler or match pattern.
	Node ast.Node
	// Pos is where the binding takes effect: the end of a simple statement (the value of
	// `x = f(x)` is read before x is rebound), otherwise the start of Node.
	Pos ast.Offset
	// Ref is set for imports of an array library (BindImport only).
	Ref *Ref
	// Module is the dotted path an absolute import binds, of any module ("math",
	// "math.ceil"; BindImport only).
	Module string
	// Optional is set on an import taken to fail, in the body of a try that catches ImportError
	// (optional.go).
	Optional bool
}

// Inner reports whether s is n or nested in n.
func (s *Scope) Inner(n *Scope) bool {
	for ; s != nil; s = s.Parent {
		if s == n {
			return true
		}
	}
	return false
}

// Lookup returns the scope whose binding of name a read in s refers to (Python's LEGB rule
// without builtins), or nil when no enclosing scope binds it.
func (s *Scope) Lookup(name string) *Scope {
	if s.Globals[name] {
		return s.Module()
	}
	if _, ok := s.Bindings[name]; ok && !s.Nonlocals[name] {
		return s
	}
	for p := s.Parent; p != nil; p = p.Parent {
		if p.Kind == ClassScope {
			continue // class bodies are not enclosing scopes for nested functions
		}
		if _, ok := p.Bindings[name]; ok && !p.Globals[name] {
			return p
		}
		if p.Globals[name] {
			return p.Module()
		}
	}
	return nil
}

// Module returns the module scope at the root of s.
func (s *Scope) Module() *Scope {
	for s.Parent != nil {
		s = s.Parent
	}
	return s
}

// FunctionLike reports whether s is a function or lambda scope (not module, class or comprehension).
func (s *Scope) FunctionLike() bool { return s.Kind == FunctionScope || s.Kind == LambdaScope }
