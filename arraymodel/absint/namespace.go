package absint

import "github.com/arraylint/arraylint/arraymodel/imports"

// This file defines the calls that hand a program its array module (imports.Namespace).

// namespace evaluates cupy.get_array_module(x) or array_namespace(x): the library being
// simulated when an argument is an array, else the function's fallback library, recorded as a
// convention symbol so the report says which library the estimate took.
func (s *Interp) namespace(c *call, fallback imports.Backend) value {
	lib := fallback
	hasArray := false
	for _, v := range c.args {
		if _, ok := isArray(v); ok {
			hasArray = true
		}
	}
	switch b := libOf(c.args...); {
	case hasArray && (b == imports.NumPy || b == imports.CuPy || b == imports.CuPyNumeric || b == imports.JAX):
		lib = b
	case hasArray:
		lib = simulatedLibrary(s.cfg.Backend)
	case !s.cfg.Strategy.takesConventions():
		return vUnknown{} // nothing says which library: no guess
	}
	ref, ok := imports.ModuleRef(lib)
	if !ok {
		return vUnknown{}
	}
	if !hasArray {
		name := s.pending
		if name == "" {
			name = s.text(c.e)
		}
		s.symbols = append(s.symbols, Symbol{Name: name, Value: ref.Qual, Source: SourceConvention, Line: s.lineOf(c.e)})
	}
	return vModule{ref}
}

// simulatedLibrary is the array library whose arrays a memory model holds.
func simulatedLibrary(backend string) imports.Backend {
	switch backend {
	case BackendCuPy:
		return imports.CuPy
	case BackendLegate:
		return imports.CuPyNumeric
	case BackendJAX:
		return imports.JAX
	}
	return imports.NumPy
}
