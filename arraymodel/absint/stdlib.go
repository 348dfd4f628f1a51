package absint

import (
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file evaluates the constants of Python's math and cmath modules (math.pi, from math
// import tau): numbers, not values of unknown kind taken as the program's inputs.

// stdlibImports maps the names the file's module-level imports of math and cmath bind to what
// they stand for: "math" for `import math`, "math.pi" for `from math import pi`.
func (s *Interp) stdlibImports() map[string]string {
	if s.fs.stdlib != nil {
		return s.fs.stdlib
	}
	m := map[string]string{}
	if s.file != nil && s.file.Module != nil {
		for _, st := range s.file.Module.Body {
			switch st := st.(type) {
			case *ast.Import:
				for _, a := range st.Names {
					if npapi.StdlibNumberModules[a.Name] {
						m[aliasName(a)] = a.Name
					}
				}
			case *ast.ImportFrom:
				if st.Level == 0 && npapi.StdlibNumberModules[st.Module] {
					for _, a := range st.Names {
						m[aliasName(a)] = st.Module + "." + a.Name
					}
				}
			}
		}
	}
	s.fs.stdlib = m
	return m
}

func aliasName(a *ast.Alias) string {
	if a.Asname != "" {
		return a.Asname
	}
	return a.Name
}

// stdlibNumber evaluates e when it is a constant of math or cmath the file imports at module
// level (`math.pi`, `pi` from `from math import pi`) and no binding of the running code hides
// the name.
func (s *Interp) stdlibNumber(e ast.Expr) (value, bool) {
	name, attr := "", ""
	switch e := e.(type) {
	case *ast.Name:
		name = e.ID
	case *ast.Attribute:
		n, ok := e.Value.(*ast.Name)
		if !ok {
			return nil, false
		}
		name, attr = n.ID, "."+e.Attr
	default:
		return nil, false
	}
	qual, ok := s.stdlibImports()[name]
	if !ok {
		return nil, false
	}
	if s.boundHere(name) {
		return nil, false
	}
	complex, ok := npapi.StdlibNumber(qual + attr)
	if !ok {
		return nil, false
	}
	return vFloat{complex: complex}, true
}

// boundHere reports whether the running function or the module binds name (a variable that
// hides an import of the same name).
func (s *Interp) boundHere(name string) bool {
	if _, ok := s.top().vars[name]; ok {
		return true
	}
	if _, ok := s.module.vars[name]; ok {
		return true
	}
	_, ok := s.consts[name]
	return ok
}
