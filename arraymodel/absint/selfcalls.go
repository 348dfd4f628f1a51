package absint

import "github.com/arraylint/arraylint/pyparse/ast"

// This file defines what the run of a scope on its own (explore mode) knows of the calls it makes
// to the file's functions and to the methods of its own class. Explore mode does not follow
// them (a caller cannot know which path the callee took), but the run of the callee's own scope
// says where its results come from: when none of the values it returns is of an input's size,
// neither is the call's result (`xh = self.do_hist1d(x, axis)`, a histogram of axis.bins counts,
// is not an input, which size provenance would otherwise take it for; seventh held-out corpus,
// xrt's plot histograms).

// selfMethod is self.name, e in the run's own code with base its receiver's value, when the
// receiver is the method's first parameter, still of unknown type, and the class body defines
// name as a plain function (Config.SelfMethod): that function bound to self.
func (s *Interp) selfMethod(e *ast.Attribute, base value) (value, bool) {
	if s.cfg.SelfMethod == nil || s.top() != s.root {
		return nil, false
	}
	recv, ok := e.Value.(*ast.Name)
	if !ok || recv.ID != s.selfName() {
		return nil, false
	}
	if _, ok := base.(vUnknown); !ok {
		return nil, false // self rebound to something the run knows
	}
	def, ok := s.cfg.SelfMethod(e.Attr)
	if !ok {
		return nil, false
	}
	// (no frame of its own to read names from: the class body's are not visible in methods,
	// and what it reads from the module the run reads as the calling method does)
	return vBound{fn: vFunc{def: def}, self: base}, true
}

// selfName is the name of the first parameter of the function the run is of ("" for none).
func (s *Interp) selfName() string {
	def, ok := s.rootNode.(*ast.FunctionDef)
	if !ok || def.Args == nil {
		return ""
	}
	if len(def.Args.Posonlyargs) > 0 {
		return def.Args.Posonlyargs[0].Arg
	}
	if len(def.Args.Args) > 0 {
		return def.Args.Args[0].Arg
	}
	return ""
}

// MayHoldData reports whether v may be, or hold, an array or a length of an input's size: an
// array that scales, a length from the data, a value of unknown type, or a container holding
// one. Numbers, strings, None, arrays that do not scale and containers the code builds of such
// values do not.
func MayHoldData(v Value) bool { return mayHoldData(v, 0) }

func mayHoldData(v value, depth int) bool {
	if depth > 4 {
		return true
	}
	switch v := v.(type) {
	case vArray:
		return scales(v.o)
	case vInt:
		return v.data
	case vFloat, vNone, vStr, vLocal, vDType, vSlice:
		return false
	case vTuple:
		for _, e := range v.elts {
			if mayHoldData(e, depth+1) {
				return true
			}
		}
		return false
	case vList:
		for _, e := range v.l.elts {
			if mayHoldData(e, depth+1) {
				return true
			}
		}
		return false
	case vUnknown:
		return isDataValue(v)
	}
	return true
}
