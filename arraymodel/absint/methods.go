package absint

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// This file defines method calls on arrays, lists, random generators and jax's x.at[...].

func (s *Interp) callMethod(m vMethod, c *call) value {
	defer s.inLib(libOf(m.recv))()
	expr := s.text(c.e)
	switch r := m.recv.(type) {
	case vArray:
		return s.arrayMethod(r.o, m.name, c, expr)
	case vRegex:
		return regexMethod(r, m.name, c)
	case vStr:
		return strMethod(r, m.name, c)
	case vMatch:
		return matchMethod(r, m.name, c)
	case vList:
		switch m.name {
		case "append":
			if len(c.args) == 1 {
				v := acyclic(c.args[0], r.l)
				incref(v)
				r.l.elts = append(r.l.elts, v)
				s.holdObjects(r.l, v, c.e)
			}
			return vNone{}
		case "extend":
			if len(c.args) == 1 {
				s.extendList(r.l, c.args[0])
			}
			return vNone{}
		case "pop":
			if n := len(r.l.elts); n > 0 {
				v := r.l.elts[n-1]
				r.l.elts = r.l.elts[:n-1]
				return v // the list's reference moves to the caller
			}
			return vUnknown{}
		case "clear":
			s.dropObjects(r.l)
			elts := r.l.elts
			r.l.elts = nil
			for _, e := range elts {
				s.decref(e)
			}
			return vNone{}
		}
		return vUnknown{}
	case vDict:
		// d.get("k"[, default]): the array stored under a key the code spells
		if m.name == "get" && len(c.args) >= 1 && len(c.args) <= 2 && len(c.kw) == 0 {
			if v, ok := r.l.lookup(dictKey(c.args[0])); ok {
				incref(v)
				return v
			}
		}
		return vUnknown{}
	case vRNG:
		if r.jax {
			return vUnknown{}
		}
		fn, ok := npapi.GeneratorMethod(m.name)
		if !ok {
			return vUnknown{}
		}
		return s.applyRow(fn, c, expr)
	case vAt:
		// x.at[idx].set(v) / .add(v) / .multiply(v) … return a new array shaped like x.
		if o, ok := isArray(r.arr); ok {
			s.useAll(c.args)
			return s.copyOf(o, o.dt, expr, c.e)
		}
	case vDType:
		return vUnknown{}
	case vFloat:
		if m.name == "astype" {
			// a NumPy or JAX scalar cast (jnp.log(2.0).astype(x.dtype)): a scalar of that dtype
			if dt := s.dtypeArg(c, 0, r.dt); dt.Known() && dt.Kind() == 'f' {
				r.dt, r.strong = dt, true
			}
			return r
		}
	}
	return vUnknown{}
}

func (s *Interp) arrayMethod(o *Obj, name string, c *call, expr string) value {
	if o.backend == imports.JAX && !s.imp.X64 && !s.jax32 {
		// a JAX array's method makes JAX arrays: 32-bit without jax_enable_x64, as callAPI's
		// (x.astype(float) is float32 there)
		s.jax32 = true
		defer func() { s.jax32 = false }()
	}
	if o.sparse != nil {
		return s.sparseMethod(o, name, c, expr)
	}
	if fn, ok := npapi.Method(name); ok && s.removedName(fn, c) {
		return vUnknown{}
	}
	if fn, ok := npapi.Method(name); ok && fn.Rule != npapi.ShapeNone {
		args := append([]value{vArray{o}}, c.args...)
		return s.applyRow(fn, &call{e: c.e, args: args, kw: c.kw}, expr)
	}
	if fn, ok := npapi.Method(name); ok && fn.Effect == npapi.InPlace {
		// x.fill(v), x.sort(), x.resize(n) …: written in place, None returned
		s.useAll(c.args)
		s.touchRange(o, 0, 0, false)
		return vNone{}
	}
	switch name {
	case "astype":
		dt := s.dtypeArg(c, 0, o.dt)
		if v, ok := c.kw["copy"]; ok && truth(v) == 0 && dt == o.dt {
			incref(vArray{o})
			return vArray{o}
		}
		return s.copyOf(o, dt, expr, c.e)
	case "copy", "flatten":
		sh := o.shape
		if name == "flatten" {
			sh = knownShape(npapi.SymDim(o.shape.SizeExpr()))
		}
		s.use(vArray{o})
		res := s.newArray(sh, o.dt, expr, c.e, false)
		inheritData(res.o, o)
		return res
	case "view":
		return s.view(o, o.shape, s.dtypeArg(c, 0, o.dt), expr)
	case "stencil_hint":
		s.h.Hint(s, o)
		return vNone{}
	case "tolist", "item", "tobytes":
		return vUnknown{}
	case "nonzero":
		args := append([]value{vArray{o}}, c.args...)
		return s.indexFunc("nonzero", &call{e: c.e, args: args, kw: c.kw}, expr)
	}
	s.useAll(c.args)
	if !npapi.MethodReturnsNoArray(name) {
		s.unmodelled(&call{e: c.e, args: append([]value{vArray{o}}, c.args...), kw: c.kw},
			"array method `"+name+"` is not in the API table")
	}
	return vUnknown{}
}
