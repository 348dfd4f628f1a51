package imports

import (
	"strings"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the array module as a value: code written for several array libraries takes
// the module as a parameter (`def run(np, n)`, cuPyNumeric's examples), as the result of a call
// (`xp = get_array_module(x)`, covered by namespace.go) or from an object that carries it
// (`np = harness.np`). Such a name is recognised by what the code does with it, not by its
// spelling: it is read as an array module — a constructor, a conversion or a random draw called
// through it (`np.zeros(n)`, `xp.asarray(x)`, `np.random.random(n)`), a dtype taken from it
// (`np.float32`) or a submodule's function called (`xp.linalg.norm(x)`) — and it is never bound
// by an import, a def or a class. Other functions of the module are not enough, as objects have
// methods of the same names (a list's insert and append, a DataFrame's where, an
// inspect.Parameter's empty read without a call: tenth held-out corpus).

// ModuleValue reports whether name, as scope s (or a scope nested in it reading s's binding)
// sees it, is an array module the code is handed as a value, and which library it is taken as:
// the one its conventional spelling names (cp: CuPy, jnp: jax.numpy), NumPy otherwise — the API
// every such module follows. The Ref's Convention is set: nothing in the code says which library
// runs.
func (info *Info) ModuleValue(s *Scope, name string) (Ref, bool) {
	if info == nil || s == nil {
		return Ref{}, false
	}
	b := s.Lookup(name)
	if b == nil {
		return Ref{}, false
	}
	r, ok := info.moduleValues[b][name]
	return r, ok
}

// TakesModule reports whether some scope of the module handles an array module as a value.
func (info *Info) TakesModule() bool { return info != nil && len(info.moduleValues) > 0 }

// indexModuleValues fills moduleValues from the reads of plain names as array modules Build
// recorded (after it has bound every name).
func (info *Info) indexModuleValues(reads []attrRead) {
	uses := map[*Scope]map[string]bool{}
	for _, r := range reads {
		name := r.at.Value.(*ast.Name)
		s := info.ScopeOf(name)
		if s == nil {
			continue
		}
		b := s.Lookup(name.ID)
		if b == nil || !valueBindings(b.Bindings[name.ID]) {
			continue
		}
		if uses[b] == nil {
			uses[b] = map[string]bool{}
		}
		uses[b][name.ID] = true
	}
	for s, m := range uses {
		for name := range m {
			qual := "numpy"
			if q, ok := conventionModules[name]; ok {
				qual = q
			}
			r := refFor(qual, nil)
			r.Convention = true
			if info.moduleValues == nil {
				info.moduleValues = map[*Scope]map[string]Ref{}
			}
			if info.moduleValues[s] == nil {
				info.moduleValues[s] = map[string]Ref{}
			}
			info.moduleValues[s][name] = *r
		}
	}
}

// valueBindings reports whether every binding of a name is a parameter or an assignment: a
// name an import, def or class binds is not a module handed over as a value.
func valueBindings(bs []Binding) bool {
	if len(bs) == 0 {
		return false
	}
	for _, b := range bs {
		if b.Kind != BindParam && b.Kind != BindAssign {
			return false
		}
	}
	return true
}

// submodules are the NumPy submodules whose functions the table describes.
var submodules = map[string]bool{"random": true, "linalg": true, "fft": true}

// moduleOnly reports whether an attribute read of a plain name uses the name as an array
// module: a dtype read from it, a constructor, conversion or random draw called through it, or a
// function of a submodule called through it.
func moduleOnly(r attrRead) bool {
	attr := r.at.Attr
	if r.outer != nil {
		if !r.called || !submodules[attr] {
			return false
		}
		_, ok := npapi.Lookup(attr + "." + r.outer.Attr)
		return ok
	}
	if dtypeAttr(attr) {
		return true
	}
	if !r.called {
		return false
	}
	f, ok := npapi.Lookup(attr)
	if !ok {
		return false
	}
	if _, method := npapi.Method(attr); method || arrayAttrs[attr] {
		return false
	}
	switch f.Kind {
	case npapi.Constructor, npapi.Like, npapi.Range, npapi.Random, npapi.Convert:
		return true
	}
	return false
}

// arrayAttrs are ndarray attributes that are not methods (an array's `x.T` is no module use).
var arrayAttrs = map[string]bool{"T": true, "shape": true, "dtype": true, "size": true, "ndim": true,
	"real": true, "imag": true, "flat": true, "nbytes": true, "itemsize": true, "strides": true, "mT": true}

// dtypeAttr reports whether attr is a NumPy dtype attribute spelled as the module spells it
// (float32, int64, complex128, bool_, uint8), not a one-letter code any object may have.
func dtypeAttr(attr string) bool {
	if attr == "" {
		return false
	}
	switch attr[0] {
	case 'f', 'i', 'u', 'c', 'b':
	default:
		return false // (most attributes: a cheap test before the prefixes)
	}
	for _, p := range []string{"float", "int", "uint", "complex", "bool_"} {
		if strings.HasPrefix(attr, p) && len(attr) > len(p) {
			if _, ok := npapi.DTypeName(attr); ok {
				return true
			}
		}
	}
	return false
}
